import {chromium} from "@playwright/test";
const [w, h, out] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--enable-unsafe-webgpu",
    "--use-vulkan=swiftshader",
    "--use-angle=vulkan",
    "--enable-features=Vulkan",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
const page = await browser.newPage({viewport: {width: +w, height: +h}});
page.on("pageerror", (e) => console.log(`pageerror: ${e.message}`));
await page.goto("http://127.0.0.1:4610/");
const sand = page.locator('[data-widget="sand"]');
await sand.scrollIntoViewIfNeeded();
await page.waitForTimeout(6000);
const txt = await page.evaluate(() => {
  const ps = [...document.querySelectorAll("#observablehq-main p, #observablehq-main li")].map((p) => p.textContent.replace(/\s+/g, " "));
  return ps.filter((t) => /dispatch|fast is it|stages|copy kernel|Rebuilding|timed pass|sort would be/.test(t));
});
console.log(txt.join("\n\n"));
console.log("errors:", await page.locator(".observablehq--error").count());
await page.locator('[data-widget="sand"] .pipeline-diagram').scrollIntoViewIfNeeded();
await page.waitForTimeout(1500);
await page.locator('[data-widget="sand"]').screenshot({path: out});
await browser.close();

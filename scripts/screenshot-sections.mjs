// Screenshots of the top of the page and of every widget, at one viewport and colour scheme.
// Usage: node scripts/screenshot-sections.mjs <url> <out-dir> <width> <height> <light|dark> [top]
import {chromium} from "@playwright/test";
const [base, outDir, w, h, scheme, only] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--enable-unsafe-webgpu", "--use-vulkan=swiftshader", "--use-angle=vulkan", "--enable-features=Vulkan", "--disable-background-networking"],
});
const ctx = await browser.newContext({viewport: {width: +w, height: +h}, colorScheme: scheme, deviceScaleFactor: 1, isMobile: +w < 600, hasTouch: +w < 600});
const page = await ctx.newPage();
page.on("pageerror", (e) => console.log(`pageerror: ${e.message}`));
await page.goto(base);
await page.waitForFunction(() => /gpu|cpu/.test(document.querySelector("[data-widget=hero]")?.dataset.engine ?? ""), null, {timeout: 60000}).catch(() => {});
await page.waitForTimeout(4000);
const tag = `${w}-${scheme}`;
await page.screenshot({path: `${outDir}/${tag}-0top.png`});
if (only !== "top") {
  const names = await page.evaluate(() => [...document.querySelectorAll("[data-widget]")].map((e) => e.dataset.widget));
  for (const n of names) {
    if (n === "hero") continue;
    await page
      .locator(`[data-widget="${n}"]`)
      .first()
      .evaluate((e) => e.scrollIntoView({block: "start"}));
    await page.mouse.wheel(0, -120);
    await page.waitForTimeout(3500);
    await page.screenshot({path: `${outDir}/${tag}-${n}.png`});
  }
}
console.log(await page.evaluate(() => JSON.stringify([...document.querySelectorAll("[data-widget]")].map((w) => [w.dataset.widget, w.dataset.engine]))));
await browser.close();

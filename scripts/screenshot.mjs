// Screenshot a page (or one element) of a running site in headless Chromium with WebGPU.
// Usage: node scripts/screenshot.mjs <url> <out.png> [css-selector] [wait-ms]
// Prints console messages, the widget values found on the page, and the GPU stats.
import {chromium} from "@playwright/test";
const [url, out, sel, wait = "4000", width = "1200", scheme = "light"] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: node scripts/screenshot.mjs <url> <out.png> [css-selector] [wait-ms]");
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--enable-unsafe-webgpu", "--use-vulkan=swiftshader", "--use-angle=vulkan", "--enable-features=Vulkan", "--disable-background-networking"],
});
const page = await browser.newPage({
  viewport: {width: Number(width), height: Number(width) < 600 ? 844 : 900},
  colorScheme: scheme === "dark" ? "dark" : "light",
});
page.on("console", (m) => console.log(`console.${m.type()}: ${m.text()}`));
page.on("pageerror", (e) => console.log(`pageerror: ${e.message}`));
await page.goto(url);
if (sel) await page.locator(sel).first().scrollIntoViewIfNeeded();
await page.waitForTimeout(Number(wait));
await (sel ? page.locator(sel).first() : page).screenshot({path: out});
console.log(
  await page.evaluate(() => JSON.stringify({gpu: globalThis.__gpuStats, widgets: [...document.querySelectorAll("[data-widget]")].map((w) => w.dataset.widget)}))
);
await browser.close();

// Measures the page's GPU memory at load: opens the built site at the top (1200 × 900),
// waits, and prints the buffer ledger (__gpuStats) and which widgets have started.
// Usage: node scripts/serve-dist.mjs 4500 & node scripts/dev/gpu-at-load.mjs http://127.0.0.1:4500/ [wait-ms]
import {chromium} from "@playwright/test";
const [url, wait = "10000"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--enable-unsafe-webgpu", "--use-vulkan=swiftshader", "--use-angle=vulkan", "--enable-features=Vulkan", "--disable-background-networking"],
});
const page = await browser.newPage({viewport: {width: 1200, height: 900}});
const wgslFetches = {};
page.on("request", (r) => {
  if (r.url().endsWith(".wgsl")) wgslFetches[r.url().replace(/.*\/_file\//, "")] = (wgslFetches[r.url().replace(/.*\/_file\//, "")] ?? 0) + 1;
});
await page.goto(url);
await page.waitForTimeout(Number(wait));
const stats = await page.evaluate(() => ({
  ...globalThis.__gpuStats,
  engines: [...document.querySelectorAll("[data-widget]")].map((w) => `${w.dataset.widget}:${w.dataset.engine ?? "?"}`),
}));
console.log(JSON.stringify({atLoad: stats}));
// scroll through the whole page so every widget starts, then count shader fetches
for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
  await page.evaluate((yy) => window.scrollTo(0, yy), y);
  await page.waitForTimeout(300);
}
await page.waitForTimeout(5000);
console.log(JSON.stringify({afterScroll: await page.evaluate(() => globalThis.__gpuStats), wgslFetches}));
await browser.close();

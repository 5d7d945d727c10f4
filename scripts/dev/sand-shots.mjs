// Dev tool: screenshots of the §4 section for docs/screenshots (run after `npm run build`
// with the dist server on $PORT): node scripts/dev/sand-shots.mjs
import {chromium} from "@playwright/test";
const port = process.env.PORT ?? "4351";
const out = process.env.OUTDIR ?? "docs/screenshots";
const flags = ["--enable-unsafe-webgpu", "--use-vulkan=swiftshader", "--use-angle=vulkan", "--enable-features=Vulkan"];
for (const mode of ["cpu", "gpu"]) {
  const browser = await chromium.launch({executablePath: "/usr/bin/chromium", args: mode === "gpu" ? flags : ["--disable-gpu"]});
  const page = await browser.newPage({viewport: {width: 900, height: 900}});
  if (mode === "cpu") await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "gpu", {get: () => undefined, configurable: true}));
  await page.goto(`http://127.0.0.1:${port}/`);
  const w = page.locator('[data-widget="sand"]');
  await w.scrollIntoViewIfNeeded();
  const frames = async () => page.evaluate(() => document.querySelector('[data-widget="sand"]')?.value?.frames ?? 0);
  if (mode === "gpu") {
    await w.locator('input[aria-label="substeps per frame"]').fill("5");
    await page.waitForTimeout(20000);
  } else {
    while ((await frames()) < 450) await page.waitForTimeout(500);
  }
  await w.screenshot({path: `${out}/sand-${mode}.png`});
  console.log(mode, await frames());
  await browser.close();
}

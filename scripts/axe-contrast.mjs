// Lists WCAG colour-contrast violations of the built page, after every widget has started.
// Usage: node scripts/axe-contrast.mjs <url> <light|dark> [width] [height]
import {chromium} from "@playwright/test";
import {AxeBuilder} from "@axe-core/playwright";
const [url, scheme = "light", w = "1440", h = "900"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--enable-unsafe-webgpu", "--use-vulkan=swiftshader", "--use-angle=vulkan", "--enable-features=Vulkan", "--disable-background-networking"],
});
const ctx = await browser.newContext({viewport: {width: +w, height: +h}, colorScheme: scheme});
const page = await ctx.newPage();
await page.goto(url);
for (const n of await page.evaluate(() => [...document.querySelectorAll("[data-widget]")].map((e) => e.dataset.widget))) {
  await page.locator(`[data-widget="${n}"]`).first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
}
await page.waitForTimeout(3000);
const r = await new AxeBuilder({page}).withRules(["color-contrast"]).analyze();
for (const v of r.violations)
  for (const n of v.nodes)
    console.log(
      n.target.join(" "),
      "|",
      n.any
        .map((a) => a.message)
        .join(";")
        .slice(0, 160)
    );
console.log(
  "violations:",
  r.violations.reduce((s, v) => s + v.nodes.length, 0)
);
await browser.close();

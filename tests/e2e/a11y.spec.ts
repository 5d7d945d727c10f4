/**
 * axe-core on the built essay and the embedding page, with WebGPU, at load and after every
 * widget has started: no serious or critical violation (colour contrast included). The essay
 * is checked light at 1440×900 and dark at 390×844, the embedding page the other way round,
 * and the essay without WebGPU (a11y.nogpu.spec.ts) the other way round too. `npm test` runs the
 * essay's two and the embedding page's dark one; the long tier the rest (`isLong`).
 */
import AxeBuilder from "@axe-core/playwright";
import {expect, test} from "@playwright/test";
import {CASES, checkPage, describeViolations, isLong} from "./a11y-check.js";
import {expectWebGPU} from "./helpers.js";

for (const [path, cases] of [
  ["/", CASES.A],
  ["/embed", CASES.B],
] as const)
  for (const c of cases)
    test(`axe: ${path}, ${c.scheme}, ${c.size.width}×${c.size.height}`, {tag: isLong(path, true, c) ? "@long" : []}, async ({page}) => {
      test.setTimeout(300_000); // axe at load, every widget started (a software GPU), axe again
      await checkPage(page, path, [c]);
      await expectWebGPU(page); // the page checked had WebGPU (a WebGPU test fails without it)
    });

// The keyboard help that appears over a hero's picture when its canvas has the keyboard focus
// ("Arrow keys stir the water. …") sits on the hero's dark stage in both themes: axe with the
// canvas focused by Tab, light and dark, on each page with a hero
for (const path of ["/", "/gravity", "/worlds-from-dust"])
  for (const scheme of ["light", "dark"] as const)
    test(`axe: ${path}, ${scheme}, the hero's canvas focused by Tab, its keyboard help shown`, async ({page}) => {
      test.setTimeout(180_000);
      await page.setViewportSize({width: 1440, height: 900});
      await page.emulateMedia({colorScheme: scheme});
      await page.goto(path);
      await expectWebGPU(page);
      const canvas = page.locator(".hero-widget canvas").first();
      await expect(canvas).toBeVisible({timeout: 60_000});
      await expect(page.locator(".hero-widget")).toHaveAttribute("data-engine", /^(gpu|cpu)$/, {timeout: 90_000});
      // Tab from the top of the page until the hero's canvas has the focus
      const onCanvas = () => page.evaluate(() => document.activeElement?.matches(".hero-widget canvas:focus-visible") ?? false);
      for (let i = 0; i < 30 && !(await onCanvas()); i++) await page.keyboard.press("Tab");
      expect(await onCanvas(), "Tab reaches the hero's canvas").toBe(true);
      const help = page.locator(".hero-widget .sim-keys");
      await expect(help).toBeVisible();
      expect((await help.boundingBox())!.width).toBeGreaterThan(50);
      const result = await new AxeBuilder({page}).options({resultTypes: ["violations"]}).analyze();
      const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.length, describeViolations(bad)).toBe(0);
    });

/**
 * axe-core on the built essay and the embedding page, with WebGPU, at load and after every
 * widget has started: no serious or critical violation (colour contrast included). The essay
 * is checked light at 1440×900 and dark at 390×844, the embedding page the other way round,
 * and the essay without WebGPU (a11y.nogpu.spec.ts) the other way round too. `npm test` runs the
 * essay's two and the embedding page's dark one; the long tier the rest (`isLong`).
 */
import {test} from "@playwright/test";
import {CASES, checkPage, isLong} from "./a11y-check.js";
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

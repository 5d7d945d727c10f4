/**
 * Every page, with WebGPU, toured at 390 × 844 (a phone: touch) and at 1440 × 900: one load each
 * (tour.ts) for the cumulative layout shift of a scroll from top to bottom (≤ 0.05), axe at load
 * and once every widget runs, and on a page with a hero, axe with its canvas focused by Tab and its
 * keyboard help shown. Serious and critical axe violations fail.
 *
 * Each page takes a pairing of a11y-check.ts's `CASES`: light at one size and dark at the other,
 * so every page is met at both sizes and both schemes occur at each size across the pages. The
 * whole file is a page sweep of the long tier (`LONG_FILES` in playwright.config.ts: `npm run
 * test:soak`, which CI runs after `npm test`).
 *
 * Reduced motion in every tour but one: the widgets start and draw once, their Play buttons
 * waiting. A page whose widgets move takes a core for as long as it is open on SwiftShader, and on
 * most pages nothing these checks read depends on the motion: the boxes the widgets reserve are the
 * same, and axe read the same elements with the same roles and colours both ways on `/gravity` and
 * `/embed`, every widget started (compared once: only the Play/Pause button's word and the
 * captions' numbers differ). On the essay the moving widgets publish more: a per-pass frame-timing
 * table (its headers read by axe's table rules) that a paused widget never fills. So the essay's
 * light tour at 1440 × 900 keeps the motion (`CASES.A`'s), and its shifts are counted with the
 * widgets moving as a reader's are; every other tour reduces it (docs/records/tests.md, "Browser
 * tests: motion only where a test is about motion").
 */
import {test} from "@playwright/test";
import {CASES} from "./a11y-check.js";
import {MAX_CLS, type Tour, tourPage, tourTitle} from "./tour.js";

/** Each page with its pairing (`CASES.A`: light 1440 × 900, dark 390 × 844; `CASES.B` the other way round), and whether it has a hero. */
const PAGES = [
  {path: "/", cases: CASES.A, heroKeys: true},
  {path: "/gravity", cases: CASES.A, heroKeys: true},
  {path: "/worlds-from-dust", cases: CASES.A, heroKeys: true},
  {path: "/bench", cases: CASES.A, heroKeys: false},
  {path: "/embed", cases: CASES.B, heroKeys: false},
  {path: "/exercises", cases: CASES.B, heroKeys: false},
] as const;

for (const {path, cases, heroKeys} of PAGES)
  for (const c of cases) {
    // the essay's light case moves (CASES.A; the timing table above), every other case is still
    const tour: Tour = {...c, motion: path === "/" ? c.motion : "reduce", path, gpu: true, heroKeys};
    test(`tour of ${tourTitle(tour)}: layout shift ≤ ${MAX_CLS} while scrolled through, axe at load and with every widget started${heroKeys ? " and with the hero's keyboard help shown" : ""}`, async ({
      browser,
    }) => {
      test.setTimeout(600_000); // a scroll that waits at every step, three axe runs, a software GPU
      await tourPage(browser, tour);
    });
  }

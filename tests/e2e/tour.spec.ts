/**
 * Every page, with WebGPU, toured at 390 × 844 (a phone: touch) and at 1440 × 900: one load each
 * (tour.ts) for the cumulative layout shift of a scroll from top to bottom (≤ 0.05), axe at load
 * and once every widget runs, and on a page with a hero, axe with its canvas focused by Tab and its
 * keyboard help shown. Serious and critical axe violations fail.
 *
 * Each page takes a pairing of a11y-check.ts's `CASES`: light at one size and dark at the other, so
 * a page met at both sizes meets both schemes. `npm test` tours every page once and the essay
 * twice (both sizes, both schemes); the long tier the other size of the other pages (see `LONG`).
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

/**
 * The tours of the long tier (`@long`, `npm run test:soak`), by page and the width left to it, each
 * with the `npm test` tour that checks the same things on that page in the other configuration:
 * - `/gravity` dark 390: `npm test`'s `/gravity` light 1440 (its shifts, axe, its hero's keyboard
 *   help); the dark scheme's help on a hero stage and the phone's layout: the essay's dark 390.
 * - `/worlds-from-dust` light 1440: `npm test`'s `/worlds-from-dust` dark 390; the light help and
 *   the desktop layout: the essay's and `/gravity`'s light 1440.
 * - `/bench` dark 390: `npm test`'s `/bench` light 1440.
 * - `/embed` light 390: `npm test`'s `/embed` dark 1440.
 * - `/exercises` dark 1440: `npm test`'s `/exercises` light 390 (and, axe in the dark at 1440,
 *   a11y.nogpu.spec.ts's `/exercises` dark 1440 without WebGPU).
 */
const LONG = new Set(["/gravity 390", "/worlds-from-dust 1440", "/bench 390", "/embed 390", "/exercises 1440"]);

for (const {path, cases, heroKeys} of PAGES)
  for (const c of cases) {
    // the essay's light case moves (CASES.A; the timing table above), every other case is still
    const tour: Tour = {...c, motion: path === "/" ? c.motion : "reduce", path, gpu: true, heroKeys};
    const long = LONG.has(`${path} ${c.size.width}`);
    test(
      `tour of ${tourTitle(tour)}: layout shift ≤ ${MAX_CLS} while scrolled through, axe at load and with every widget started${heroKeys ? " and with the hero's keyboard help shown" : ""}`,
      {tag: long ? "@long" : []},
      async ({browser}) => {
        test.setTimeout(600_000); // a scroll that waits at every step, three axe runs, a software GPU
        await tourPage(browser, tour);
      }
    );
  }

// The simulations' palettes are graphics: every colour needs 3:1 contrast with the stage
// behind it (WCAG 1.4.11), in both themes.
import {describe, expect, test} from "vitest";
import {contrast} from "../../components/widgets/runtime/theme.js";
import {RAMP_SPAN_DARK, RAMP_SPAN_LIGHT, rampRGB} from "../../components/water/chart.js";
import {SAND_PALETTE, SAND_PALETTE_LIGHT} from "../../components/widgets/sand/draw.js";

const hex = (h: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
/** Tank colours (widgets.css: the theme background mixed with 3–10 % blue; the hero's dark stage). */
const LIGHT_TANKS = ["#fafbfe", "#ebf0fa"].map(hex);
const DARK_TANKS = ["#1a1f2a", "#1a212e", "#0e1a33", "#0b1120"].map(hex);
/** Sand stages: --theme-background-alt of each theme (src/style.css). */
const LIGHT_STAGE = hex("#f4f5f7");
const DARK_STAGE = hex("#1f2226");

const samples = ([a, b]: [number, number]) => Array.from({length: 33}, (_, i) => rampRGB(a + ((b - a) * i) / 32));

describe("palettes against their stages", () => {
  test("water ramp: the light span on pale tanks, the dark span on dark tanks", () => {
    for (const bg of LIGHT_TANKS) for (const c of samples(RAMP_SPAN_LIGHT)) expect(contrast(c, bg)).toBeGreaterThanOrEqual(3);
    for (const bg of DARK_TANKS) for (const c of samples(RAMP_SPAN_DARK)) expect(contrast(c, bg)).toBeGreaterThanOrEqual(3);
  });
  test("sand: the darker palette on the light stage, the light sand on the dark stage", () => {
    for (const c of SAND_PALETTE_LIGHT) expect(contrast(c, LIGHT_STAGE)).toBeGreaterThanOrEqual(3);
    for (const c of SAND_PALETTE) expect(contrast(c, DARK_STAGE)).toBeGreaterThanOrEqual(3);
  });
});

/**
 * The colours of the water's discs: the ramp (as the shader has it) and its legend. No d3
 * here: this module is part of the hero's first load; the density histogram (d3) is in
 * histogram.ts, which the §5 demo loads when it builds its panel.
 */

/** The viridis stops of shaders/render/ramp.wgsl (`ramp`), so the legend matches the discs. */
const RAMP_STOPS: [number, number, number][] = [
  [0.267, 0.005, 0.329],
  [0.23, 0.322, 0.546],
  [0.128, 0.567, 0.551],
  [0.369, 0.789, 0.383],
  [0.993, 0.906, 0.144],
];
/**
 * The part of the ramp drawn on each kind of background. Discs are graphics, so each colour
 * needs 3:1 contrast with the tank behind it (WCAG 1.4.11): on the pale tank of the light
 * theme viridis' bright half (green to yellow) is too faint, on the dark tank its dark end
 * (purple to blue) is. tests/unit/palette-contrast.test.ts checks both against the tank colours.
 */
export const RAMP_SPAN_LIGHT: [number, number] = [0, 0.5];
export const RAMP_SPAN_DARK: [number, number] = [0.4, 1];

const css = ([r, g, b]: number[]) => `rgb(${Math.round(r * 255)},${Math.round(g * 255)},${Math.round(b * 255)})`;

export interface Legend {
  element: HTMLElement;
  update(title: string, lo: number, hi: number): void;
  /** Shows only the part [lo, hi] of the ramp (the part the discs use on this background). */
  setSpan(span: [number, number]): void;
}

/** A horizontal colour bar with the ramp of the discs and its two end values. */
export function rampLegend(width = 180): Legend {
  const el = document.createElement("div");
  el.className = "water-legend";
  el.style.cssText = "display:inline-flex;align-items:center;gap:.4rem;font-size:12px";
  const title = document.createElement("span");
  const lo = document.createElement("span");
  const bar = document.createElement("span");
  bar.style.cssText = `display:inline-block;width:${width}px;height:10px;border-radius:2px`;
  const setSpan = ([a, b]: [number, number]) => {
    bar.style.background = `linear-gradient(to right, ${Array.from({length: 9}, (_, i) => rampColor(a + ((b - a) * i) / 8)).join(", ")})`;
  };
  setSpan([0, 1]);
  const hi = document.createElement("span");
  el.append(title, lo, bar, hi);
  return {
    element: el,
    update(t, a, b) {
      title.textContent = t;
      lo.textContent = a.toFixed(2);
      hi.textContent = b.toFixed(2);
    },
    setSpan,
  };
}

/** sRGB colour string of the ramp at t ∈ [0, 1] (for the CPU fallback's 2-D drawing). */
export function rampColor(t: number): string {
  return css(rampRGB(t));
}

/** sRGB components 0..1 of the ramp at t ∈ [0, 1] (linear between RAMP_STOPS, as the shader). */
export function rampRGB(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, t)) * 4;
  const i = Math.min(3, Math.floor(x));
  const f = x - i;
  const a = RAMP_STOPS[i],
    b = RAMP_STOPS[i + 1];
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

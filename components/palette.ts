/**
 * Two palettes of d3-scale-chromatic (ISC licence, Mike Bostock), copied with their exact
 * values so the page does not load the whole module (its ramps are built when it loads, so a
 * bundler cannot drop the unused ones). Tests compare both with d3-scale-chromatic itself.
 */

/** Tableau's ten categorical colours, as in d3.schemeTableau10. */
export const schemeTableau10: readonly string[] = Object.freeze([
  "#4e79a7",
  "#f28e2c",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc949",
  "#af7aa1",
  "#ff9da7",
  "#9c755f",
  "#bab0ab",
]);

const channel = (v: number) => Math.max(0, Math.min(255, Math.round(v) || 0));

/**
 * d3.interpolateSinebow: t in [0, 1] → "rgb(r, g, b)", the sinebow of Jim Bumgardner and
 * Charlie Loyd (three sine waves a third of a turn apart, squared).
 */
export function interpolateSinebow(t: number): string {
  const a = (0.5 - t) * Math.PI;
  const r = 255 * Math.sin(a) ** 2;
  const g = 255 * Math.sin(a + Math.PI / 3) ** 2;
  const b = 255 * Math.sin(a + (2 * Math.PI) / 3) ** 2;
  return `rgb(${channel(r)}, ${channel(g)}, ${channel(b)})`;
}

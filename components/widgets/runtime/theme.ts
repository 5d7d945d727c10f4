/**
 * The page's colour theme as canvases see it. CSS colours reach DOM and SVG by themselves;
 * a canvas paints pixels, so it must read the theme's colours and repaint when the theme
 * changes. The theme changes when the reader flips the toggle (`html[data-theme]`), when
 * the system's `prefers-color-scheme` changes, or when an embedding element's `theme`
 * attribute changes.
 */

/** Calls `cb` whenever the theme that `el` sees may have changed; returns the unsubscribe function. */
export function onThemeChange(el: Element, cb: () => void): () => void {
  const mo = new MutationObserver(() => cb());
  mo.observe(document.documentElement, {attributes: true, attributeFilter: ["data-theme"]});
  const root = el.getRootNode();
  if (root instanceof ShadowRoot) mo.observe(root.host, {attributes: true, attributeFilter: ["theme"]});
  const mq = window.matchMedia("(prefers-color-scheme: dark)");
  const onMq = () => cb();
  mq.addEventListener("change", onMq);
  return () => {
    mo.disconnect();
    mq.removeEventListener("change", onMq);
  };
}

/**
 * The computed colour of a CSS colour expression (`var(--x)`, `color-mix(…)`, a name) as
 * `el` sees it, e.g. "rgb(22, 24, 27)" — usable as a 2D canvas fill. `fallback` when `el` is
 * not in a document yet.
 */
export function resolveColor(el: Element, css: string, fallback = "#ffffff"): string {
  if (!el.isConnected) return fallback;
  const probe = document.createElement("span");
  probe.style.cssText = `display:none;color:${css}`;
  el.appendChild(probe);
  const c = getComputedStyle(probe).color;
  probe.remove();
  return c || fallback;
}

/** sRGB components 0..1 of a computed colour string ("rgb(…)", "rgba(…)" or "color(srgb …)"); null if unparsable. */
export function parseColor(c: string): [number, number, number] | null {
  const rgb = c.match(/rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/);
  if (rgb) return [+rgb[1] / 255, +rgb[2] / 255, +rgb[3] / 255];
  const srgb = c.match(/color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/);
  if (srgb) return [+srgb[1], +srgb[2], +srgb[3]];
  return null;
}

/** WCAG relative luminance of sRGB components 0..1. */
export function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio (1..21) of two sRGB colours. */
export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** True when the background `el` sees is dark (the dark theme, or a dark stage such as the hero's). */
export function isDark(el: Element, css = "var(--theme-background)"): boolean {
  const c = parseColor(resolveColor(el, css));
  return c ? luminance(c) < 0.2 : false;
}

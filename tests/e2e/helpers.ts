/** Shared Playwright helpers: console/page error capture, GPU stats, widget values. */
import {expect, type Page} from "@playwright/test";

/** Collects console errors and uncaught page errors; call `expectNone()` at the end. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`http ${r.status()}: ${r.url()}`);
  });
  return {
    errors,
    expectNone() {
      expect(errors, errors.join("\n")).toEqual([]);
    },
  };
}

/** The page's GPU counters (components/gpu/context.ts), or null if the runtime never loaded. */
export function gpuStats(page: Page) {
  return page.evaluate(() => (globalThis as any).__gpuStats ?? null);
}

/** Asserts that the page has a working WebGPU adapter — a WebGPU test must fail without it. */
export async function expectWebGPU(page: Page) {
  const ok = await page.evaluate(async () => {
    const gpu = (navigator as any).gpu;
    if (!gpu) return "navigator.gpu missing";
    const a = await gpu.requestAdapter();
    return a ? "ok" : "no adapter";
  });
  expect(ok, "WebGPU must be available in this test").toBe("ok");
}

/** `.value` of the widget element with data-widget=name (JSON-cloned). */
export function widgetValue<T = any>(page: Page, name: string): Promise<T> {
  return page.evaluate((n) => JSON.parse(JSON.stringify((document.querySelector(`[data-widget="${n}"]`) as any)?.value ?? null)), name);
}

/** Hides WebGPU from the page before any script runs (for the fallback tests). */
export async function disableWebGPU(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "gpu", {get: () => undefined, configurable: true});
  });
}

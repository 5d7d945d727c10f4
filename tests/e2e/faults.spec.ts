// Faults injected into the page's GPU, on the essay page: a device lost twice in quick
// succession and an adapter request that never settles. (Losses spread out over more than
// the retry window, and three within it, are the runtime's policy: tested with fake devices
// in tests/unit/engine-runtime.test.ts.) Every widget must end on a working engine with values that
// check out: on the GPU again when a device can be had, else on the CPU twin with a status
// line that says why.
import {readFileSync} from "node:fs";
import {expect, test, type Page} from "@playwright/test";
import {expectWebGPU, gpuStats, widgetValue} from "./helpers.js";
import {expectMatchesTwin, PHASES_16, type SortValue} from "./sort-widget-check.js";

/**
 * The runtime's limits, read from its source: importing runtime/engine.ts here would pull in
 * the site's browser-only modules.
 */
function runtimeConstant(name: string): number {
  const src = readFileSync(new URL("../../components/widgets/runtime/engine.ts", import.meta.url), "utf8");
  const m = src.match(new RegExp(`export const ${name} = ([\\d_]+);`));
  if (!m) throw new Error(`${name} not found in runtime/engine.ts`);
  return Number(m[1].replaceAll("_", ""));
}
const ACQUIRE_TIMEOUT_MS = runtimeConstant("ACQUIRE_TIMEOUT_MS");

/** Widgets that run a GPU engine when WebGPU is available. */
const GPU_WIDGETS = ["hero", "grid-query", "scan-scrub", "counting-sort", "sand", "water"];
/** Every widget on the page. */
const ALL_WIDGETS = ["hero", "contacts", "grid-query", "scan-scrub", "counting-sort", "scan-blocks", "sand", "water"];

const engineOf = (page: Page, name: string) =>
  page.evaluate((n) => (document.querySelector(`[data-widget="${n}"]`) as HTMLElement | null)?.dataset.engine ?? null, name);
const statusOf = (page: Page, name: string) => page.evaluate((n) => document.querySelector(`[data-widget="${n}"] .widget-status`)?.textContent ?? "", name);
const widget = (page: Page, name: string) => page.locator(`[data-widget="${name}"]`);

/** Uncaught exceptions only: a lost device legitimately logs console errors. */
function watchPageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return () => expect(errors, errors.join("\n")).toEqual([]);
}

/**
 * Wraps GPUAdapter.prototype.requestDevice before any script runs: every device the page
 * creates is kept in `__faultDevices`, and while `__faultLoseOnCreate` is above zero each
 * new device is destroyed as soon as it exists (the next task, while widgets build on it).
 */
async function trackDevices(page: Page) {
  await page.addInitScript(() => {
    const g = globalThis as any;
    g.__faultDevices = [];
    g.__faultLoseOnCreate = 0;
    if (typeof GPUAdapter === "undefined") return;
    const original = GPUAdapter.prototype.requestDevice;
    GPUAdapter.prototype.requestDevice = async function (this: GPUAdapter, ...args: [GPUDeviceDescriptor?]) {
      const device = await original.apply(this, args);
      g.__faultDevices.push(device);
      if (g.__faultLoseOnCreate > 0) {
        g.__faultLoseOnCreate--;
        setTimeout(() => device.destroy(), 0);
      }
      return device;
    };
  });
}

/** Destroys the newest device; with `thenReplacements`, also that many replacements as soon as each exists. */
function loseDevice(page: Page, thenReplacements = 0) {
  return page.evaluate((n) => {
    const g = globalThis as any;
    g.__faultLoseOnCreate = n;
    g.__faultDevices.at(-1).destroy();
  }, thenReplacements);
}

/** Scrolls each widget into view in turn and waits until it runs the expected engine. */
async function startAll(page: Page) {
  for (const name of ALL_WIDGETS) {
    await widget(page, name).scrollIntoViewIfNeeded();
    await expect.poll(() => engineOf(page, name), {timeout: 90_000, message: name}).toBe(GPU_WIDGETS.includes(name) ? "gpu" : "cpu");
  }
}

/** Every GPU widget is back on the GPU, each scrolled near in turn (its frame loop runs only on screen). */
async function expectAllOnGPU(page: Page) {
  for (const name of GPU_WIDGETS) {
    await widget(page, name).scrollIntoViewIfNeeded();
    await expect.poll(() => engineOf(page, name), {timeout: 90_000, message: name}).toBe("gpu");
    expect(await statusOf(page, name), name).not.toContain("CPU twin");
  }
}

/** A number read from the page keeps increasing while the widget is on screen. */
async function expectIncreasing(page: Page, name: string, read: () => Promise<number>) {
  await widget(page, name).scrollIntoViewIfNeeded();
  const before = await read();
  await expect.poll(read, {timeout: 30_000, message: `${name} keeps running`}).toBeGreaterThan(before);
}

const sum = (a: number[]) => a.reduce((s, x) => s + x, 0);
const waterFrames = (page: Page, name: string) => page.evaluate((n) => (document.querySelector(`[data-widget="${n}"]`) as any).__frames() as number, name);

/** The counting-sort widget: sorted, every phase equal to the twin while Step walks through them all. */
async function expectSortSteps(page: Page, engine: "gpu" | "cpu") {
  const w = widget(page, "counting-sort");
  await w.scrollIntoViewIfNeeded();
  const value = () => widgetValue<SortValue>(page, "counting-sort");
  await expect.poll(async () => (await value())?.engine, {timeout: 60_000}).toBe(engine);
  await expect.poll(async () => (await value())?.particles?.[0]?.cell ?? -1, {timeout: 60_000}).toBeGreaterThanOrEqual(0);
  expect(await statusOf(page, "counting-sort")).not.toMatch(/failed/i);
  let v = await value();
  expect(v.particles).toHaveLength(56);
  expectMatchesTwin(v);
  for (let k = 0; k < PHASES_16.length; k++) {
    const next = (v.phaseIndex + 1) % PHASES_16.length;
    await w.getByRole("button", {name: /next/i}).click();
    await expect.poll(async () => (await value()).phaseIndex, {timeout: 20_000}).toBe(next);
    v = await value();
    expect(v.engine).toBe(engine);
    expectMatchesTwin(v);
  }
}

/** The values of every GPU widget come from a working engine of kind `engine`. */
async function expectWorkingValues(page: Page, engine: "gpu" | "cpu") {
  for (const name of ["hero", "water"]) {
    await widget(page, name).scrollIntoViewIfNeeded();
    await expectIncreasing(page, name, () => waterFrames(page, name));
    // every simulated particle is in the density histogram
    await expect
      .poll(async () => {
        const v = await widgetValue(page, name);
        return v.count > 0 && sum(v.densityHistogram) === v.count;
      })
      .toBe(true);
    const v = await widgetValue(page, name);
    if (engine === "gpu") expect(v.gpuMsPerFrame, name).toBeGreaterThan(0);
    else expect(v.gpuMsPerFrame, name).toBeNull();
  }
  await expectIncreasing(page, "grid-query", async () => (await widgetValue(page, "grid-query")).steps);
  await expect.poll(async () => (await widgetValue(page, "grid-query")).engine).toBe(engine);
  const g = await widgetValue(page, "grid-query");
  expect(g.candidatePairs).toBeGreaterThan(0);
  expect(g.allPairs).toBe((g.count * (g.count - 1)) / 2);

  await widget(page, "scan-scrub").scrollIntoViewIfNeeded();
  await expect.poll(async () => (await widgetValue(page, "scan-scrub"))?.engine, {timeout: 60_000}).toBe(engine);
  expect(await statusOf(page, "scan-scrub")).not.toMatch(/failed/i);

  await expectSortSteps(page, engine);

  await expectIncreasing(page, "sand", async () => (await widgetValue(page, "sand")).frames);
  expect((await widgetValue(page, "sand")).engine).toBe(engine);
}

/** Disposes every widget: the buffer ledger must return to zero (no buffer left on a dead device). */
async function expectLedgerEmptyAfterDispose(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("[data-widget]")) (el as any).dispose();
  });
  await expect.poll(async () => (await gpuStats(page)).buffersLive, {timeout: 10_000}).toBe(0);
  const s = await gpuStats(page);
  expect(s.bytesLive).toBe(0);
  expect(s.validationErrors, s.lastError ?? "").toBe(0);
}

test("the device lost twice in quick succession: every widget is back on the GPU with working values, and nothing stays on a dead device", async ({page}) => {
  test.setTimeout(240_000);
  const noPageErrors = watchPageErrors(page);
  await trackDevices(page);
  await page.goto("/");
  await expectWebGPU(page);
  await startAll(page);
  const created = (await gpuStats(page)).devicesCreated;
  expect(await page.evaluate(() => (globalThis as any).__faultDevices.length)).toBe(created);

  await loseDevice(page, 1);
  // the first replacement is destroyed as soon as it exists; the second one stays
  await expect.poll(async () => (await gpuStats(page)).devicesCreated, {timeout: 60_000}).toBe(created + 2);
  await expectAllOnGPU(page);
  // the sand saw the first loss, and the second too if it had begun building on the first
  // replacement before that died (a busy machine can hand it straight to the second): both are
  // right, what matters is that it runs on the surviving device
  const losses = (await widgetValue(page, "sand")).deviceLosses;
  expect(losses === 1 || losses === 2, `sand deviceLosses ${losses}`).toBe(true);
  await expectWorkingValues(page, "gpu");
  expect((await gpuStats(page)).devicesCreated).toBe(created + 2);
  await expectLedgerEmptyAfterDispose(page);
  noPageErrors();
});

test("requestAdapter() that never settles: every widget runs its CPU engine within the time limit and says the adapter did not answer", async ({page}) => {
  test.setTimeout(180_000);
  const noPageErrors = watchPageErrors(page);
  await page.clock.install();
  await page.addInitScript(() => {
    if (typeof GPU !== "undefined") GPU.prototype.requestAdapter = () => new Promise<GPUAdapter | null>(() => {});
    // when (page clock) each widget first started waiting for the GPU
    const g = globalThis as any;
    g.__pendingAt = {};
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as HTMLElement;
        if (el.dataset.engine === "pending") g.__pendingAt[el.dataset.widget!] ??= performance.now();
      }
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-engine"]});
  });
  await page.goto("/");
  // every widget's root is on the page (idle until it comes near) before the clock stops
  for (const name of ALL_WIDGETS) await widget(page, name).waitFor({state: "attached"});
  // the page's clock stands still from here on and moves only as the test moves it: however
  // long a busy machine takes to scroll through the page, no widget's time limit runs out before
  // the test looks (with the clock running, eight widgets started on a loaded machine took longer
  // than the limit)
  // (pauseAt must name a time still ahead of the page's clock: a busy machine can take longer than
  // any margin between reading the time and pausing, so read it again until the pause lands)
  for (;;) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
      break;
    } catch (e) {
      if (!/to the past/.test(String(e))) throw e;
    }
  }
  // start every widget: each waits for the adapter from the moment it comes near (the clock
  // nudged a frame at a time, for what waits on a frame or a timer to start)
  for (const name of ALL_WIDGETS) {
    await widget(page, name).scrollIntoViewIfNeeded();
    await expect
      .poll(
        async () => {
          const e = await engineOf(page, name);
          if (e === "idle") await page.clock.runFor(16);
          return e;
        },
        {message: name}
      )
      .not.toBe("idle");
  }
  const {now, pendingAt} = await page.evaluate(() => ({now: performance.now(), pendingAt: (globalThis as any).__pendingAt as Record<string, number>}));
  const deadlines = GPU_WIDGETS.map((name) => pendingAt[name] + ACQUIRE_TIMEOUT_MS);
  const first = Math.min(...deadlines);
  const last = Math.max(...deadlines);
  expect(first - now, "every widget started well within the time limit").toBeGreaterThan(1_000);
  // half a second before the first widget's limit, every GPU widget is still waiting, and says so
  await page.clock.fastForward(first - now - 500);
  for (const name of GPU_WIDGETS) {
    expect(await engineOf(page, name), name).toBe("pending");
    expect((await statusOf(page, name)).trim(), `${name} is not blank while it waits`).not.toBe("");
  }
  // half a second after the last one's limit, every widget runs on the CPU and says why
  await page.clock.fastForward(last - first + 1_000);
  for (const name of ALL_WIDGETS) await expect.poll(() => engineOf(page, name), {message: name}).toBe("cpu");
  for (const name of GPU_WIDGETS) {
    await expect(widget(page, name).locator(".widget-status").first(), name).toContainText(
      `the GPU adapter did not answer within ${ACQUIRE_TIMEOUT_MS / 1000} s`
    );
  }
  await page.clock.resume(); // animations run again
  await expectWorkingValues(page, "cpu");
  for (const name of ["contacts", "scan-blocks"]) expect(await widgetValue(page, name), name).not.toBeNull();
  noPageErrors();
});

/**
 * The bench page's view: runs the benchmark harness (components/bench/harness.ts) on the
 * reader's GPU at a chosen particle count, on demand, with a progress bar and a Cancel
 * button; shows each twin check as it is known, then per-pass bars next to the committed
 * reference run, and names the adapter. Without WebGPU it says so and shows only the
 * reference. The harness yields to the browser between timed batches, so the page stays
 * responsive.
 *
 * The device comes from the page's shared context (acquireGPU) under the widget runtime's
 * time limit (ACQUIRE_TIMEOUT_MS, with its "waiting for the GPU" notice); a device lost
 * during a run stops the run, and the status line says so and offers to run again (the
 * next Run acquires a new device).
 *
 * `.value`: {state: "idle" | "running" | "done" | "cancelled" | "refused" | "error" |
 * "lost" | "no-webgpu", particles, adapter, checks, rows}; an `input` event fires on each change of state.
 */
import {acquireGPU, gpuUnavailableReason, type GPUHandle} from "../gpu/context.js";
import {browserWGSL} from "../gpu/wgsl-browser.js";
import {ResourceScope} from "../gpu/scope.js";
import {ACQUIRE_TIMEOUT_MS, waitingNotice, withTimeout} from "../widgets/runtime/engine.js";
import {createStatus, type Status} from "../widgets/runtime/status.js";
import {setValue} from "../widgets/runtime/view.js";
import {runBench, type BenchRow} from "./harness.js";
import {endOfRun} from "./run-end.js";
import {PIPELINE_SPECS, type PagePipelineName, type TwinCheck} from "./pipelines.js";
import {adapterLabel, passBars, type ChartReport} from "./charts.js";

interface BenchPageOptions {
  /** The committed reference run (JSON of `npm run bench`). */
  reference: ChartReport & {references?: unknown};
  /** Particle counts offered (default 1k … 1M) and the one selected first. */
  counts?: number[];
  count?: number;
  pipelines?: PagePipelineName[];
  substeps?: number;
  reps?: number;
  warmMs?: number;
  invalidation?: Promise<unknown>;
}

export type BenchState = "idle" | "running" | "done" | "cancelled" | "refused" | "error" | "lost" | "no-webgpu";

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
};

/** Reads the run's settings from the page's query (?count=…&reps=…&substeps=…&warm=…&pipelines=…), for tests and links. */
export function optionsFromQuery(search: string): Partial<BenchPageOptions> {
  const q = new URLSearchParams(search);
  const num = (k: string) => (q.has(k) && Number.isFinite(Number(q.get(k))) ? Number(q.get(k)) : undefined);
  const pipes = q
    .get("pipelines")
    ?.split(",")
    .filter((p): p is PagePipelineName => p in PIPELINE_SPECS);
  return {count: num("count"), reps: num("reps"), substeps: num("substeps"), warmMs: num("warm"), pipelines: pipes?.length ? pipes : undefined};
}

function checkLine(pipeline: string, particles: number, c: TwinCheck): HTMLElement {
  const li = el("li", c.ok ? "bench-check ok" : "bench-check failed");
  li.dataset.pipeline = pipeline;
  li.textContent =
    `${c.ok ? "✓" : "✗"} ${pipeline} at ${particles.toLocaleString("en-US")}: ${c.ok ? "matches" : "DISAGREES with"} its CPU twin` +
    ` (${c.particles.toLocaleString("en-US")} particles${c.capped ? ", capped" : ""}; worst ${c.worst.toPrecision(3)}, tolerance ${c.tolerance}).`;
  li.title = c.what + (c.detail ? ` — ${c.detail}` : "");
  return li;
}

/** The particle-count menu: `counts`, plus `count` when it is not among them (a link's ?count=), selected. */
function countSelect(counts: number[], count?: number): HTMLSelectElement {
  const select = el("select");
  select.setAttribute("aria-label", "particle count");
  const all = count && !counts.includes(count) ? [...counts, count] : counts;
  for (const n of all) {
    const o = el("option", undefined, n.toLocaleString("en-US"));
    o.value = String(n);
    select.append(o);
  }
  select.value = String(count ?? 10_000);
  return select;
}

const noGPU = (reason = gpuUnavailableReason) =>
  `WebGPU is not available here: ${reason ?? "no reason given"}. The benchmark needs it; only the reference figures can be shown.`;

/**
 * The shared device under the runtime's time limit, or null with the reason on `status`
 * (a driver that never answers requestAdapter must not leave the page waiting forever).
 */
async function acquireWithin(status: Status, notice: boolean): Promise<GPUHandle | null> {
  const settled = waitingNotice(status, notice);
  try {
    const h = await withTimeout(acquireGPU(), ACQUIRE_TIMEOUT_MS, `the GPU adapter did not answer within ${ACQUIRE_TIMEOUT_MS / 1000} s`);
    settled();
    if (!h) status.warn(noGPU());
    return h;
  } catch (e) {
    settled();
    status.warn(noGPU((e as Error).message));
    return null;
  }
}

/** The bench page's view (see the module comment). */
export function createBenchPage(options: BenchPageOptions): HTMLElement {
  const counts = options.counts ?? [1_000, 4_000, 10_000, 50_000, 80_000, 250_000, 1_000_000];
  const root = el("div", "widget bench-page");
  root.dataset.widget = "bench";
  const status = createStatus();
  const controls = el("div", "bench-controls");
  const select = countSelect(counts, options.count);
  const runBtn = el("button", "bench-run", "Run");
  const cancelBtn = el("button", "bench-cancel", "Cancel");
  cancelBtn.disabled = true;
  const progress = el("progress", "bench-progress");
  progress.max = 1;
  progress.value = 0;
  const progressText = el("span", "bench-progress-text");
  const label = el("label", undefined, "particles ");
  label.append(select);
  controls.append(label, runBtn, cancelBtn, progress, progressText);
  const checks = el("ul", "bench-checks");
  const charts = el("div", "bench-charts");
  root.append(controls, status.element, checks, charts);

  const refName = adapterLabel(options.reference);
  let adapter = "";
  let value = {state: "idle" as BenchState, particles: Number(select.value), adapter, checks: [] as TwinCheck[], rows: [] as BenchRow[]};
  const setState = (state: BenchState) => {
    value = {...value, state, adapter};
    root.dataset.state = state;
    setValue(root, value);
  };
  let abort: AbortController | null = null;
  const scope = new ResourceScope(null);

  const draw = (row: BenchRow) => {
    const ref = options.reference.rows.find((r) => r.pipeline === row.pipeline && r.particles === row.particles);
    const bars = Object.entries(row.perPassMs).map(([l, v]) => ({label: l, mine: v.median, reference: ref?.perPassMs[l]?.median ?? null}));
    const title = `${row.pipeline}, ${row.particles.toLocaleString("en-US")} particles: ${row.frameMs.median} ms per frame of ${row.substepsPerFrame} substeps${ref ? ` (reference: ${ref.frameMs.median} ms)` : " (no reference row at this count)"}`;
    const fig = el("figure", "bench-figure");
    fig.dataset.pipeline = row.pipeline;
    fig.append(passBars(title, bars, ["this GPU", refName]));
    const cap = el("figcaption", undefined, `ms per substep by pass, log scale: blue this GPU (${adapter}), grey the reference (${refName}).`);
    fig.append(cap);
    charts.append(fig);
  };

  async function run() {
    runBtn.disabled = true;
    const handle = await acquireWithin(status, true);
    if (!handle) {
      adapter = "";
      setState("no-webgpu");
      return;
    }
    adapter = adapterLabel({adapter: handle.adapterInfo, rows: []});
    const n = Number(select.value);
    abort = new AbortController();
    checks.replaceChildren();
    charts.replaceChildren();
    value = {...value, particles: n, checks: [], rows: []};
    runBtn.disabled = true;
    select.disabled = true;
    cancelBtn.disabled = false;
    status.info(`Running on ${adapter} (${handle.timestamps ? "GPU timestamps" : "wall clock: this browser gives no GPU timestamps"})…`);
    setState("running");
    const runScope = scope.child(handle.device);
    // a loss stops the run: the harness sees the abort between batches, or a read fails first
    let lost: GPUDeviceLostInfo | null = null;
    const ac = abort;
    runScope.onDispose(handle.onLost((info) => ((lost = info), ac.abort())));
    try {
      await runBench({
        device: handle.device,
        timestamps: handle.timestamps,
        wgsl: browserWGSL,
        scope: runScope,
        pipelines: (options.pipelines ?? ["sort", "sand", "water"]).map((p) => PIPELINE_SPECS[p]),
        counts: [n],
        substeps: options.substeps ?? 5,
        reps: options.reps ?? 10,
        warmMs: options.warmMs ?? 1000,
        copyBytes: 64 * 2 ** 20,
        checkCap: 50_000,
        maxTotalBytes: 1e9,
        signal: abort.signal,
        pause: () => new Promise((r) => setTimeout(r, 0)),
        onProgress: (done, total, what) => {
          progress.value = done / total;
          progressText.textContent = what;
        },
        onCheck: (p, count, c) => {
          checks.append(checkLine(p, count, c));
          value = {...value, checks: [...value.checks, c]};
          setValue(root, value);
        },
        onRow: (row) => {
          draw(row);
          value = {...value, rows: [...value.rows, row]};
          setValue(root, value);
        },
      });
      progress.value = 1;
      progressText.textContent = "done";
      status.info(`Measured on ${adapter}; reference: ${refName}.`);
      setState("done");
    } catch (e) {
      // an error is the loss's if the device reports lost soon after (run-end.ts says why)
      const end = await endOfRun(e, lost, handle);
      status[end.kind](end.text);
      if (end.progress) progressText.textContent = end.progress;
      setState(end.state);
    } finally {
      runScope.dispose();
      abort = null;
      runBtn.disabled = false;
      select.disabled = false;
      cancelBtn.disabled = true;
    }
  }

  runBtn.addEventListener("click", () => void run());
  cancelBtn.addEventListener("click", () => abort?.abort());
  select.addEventListener("change", () => {
    value = {...value, particles: Number(select.value)};
    setValue(root, value);
  });
  options.invalidation?.then(() => {
    abort?.abort();
    scope.dispose();
  });
  // say at once whether this browser can run it (and name the adapter) — no GPU work yet
  void acquireWithin(status, true).then((h) => {
    if (!h) {
      runBtn.disabled = true;
      setState("no-webgpu");
    } else {
      adapter = adapterLabel({adapter: h.adapterInfo, rows: []});
      status.info(`Your GPU: ${adapter}. Press Run to measure.`);
      setState("idle");
    }
  });
  setState("idle");
  return root;
}

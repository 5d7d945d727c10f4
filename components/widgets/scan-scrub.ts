/**
 * The scroll-scrubbed counting sort (brief §3, issue 3): 18 particles in 3 × 2 = 6 cells.
 * A sticky stage holds the diagram while step texts scroll past; scroll progress through
 * the widget picks the phase — histogram, Hillis–Steele rounds with strides 1, 2, 4, the
 * shift to exclusive starts, the scatter — and how far it has run. The diagram is a pure
 * function of that progress (components/widgets/scan-scrub-model.ts).
 *
 * The arrays come from the GPU: the counting-sort kernels of shaders/sort/ run once per
 * particle set (`CountingSortGPU.runWithSnapshots`), every phase's buffer is read back,
 * and scrolling only interpolates between those snapshots. Without WebGPU the CPU twin
 * (components/sort/twin.ts) provides them and the status line says so.
 *
 * `createScanScrub(options) → HTMLElement` with `data-widget="scan-scrub"` and
 * `.value = {progress, phase, phaseIndex, particles, counts, scanRounds, starts, order,
 * seed, engine}`: `particles` = [{id, x, y, cell}] (world units, cells 1 unit wide), the
 * arrays are the read-back snapshots of the phases reached so far (later ones empty).
 * Keyboard: with the stage focused, ←/→ (or ↑/↓) step one phase, Home/End go to the ends;
 * the page scrolls to match.
 */
import {acquireGPU, browserWGSL, gpuUnavailableReason, type GPUHandle} from "../gpu/browser.js";
import {ResourceScope} from "../gpu/scope.js";
import {CountingSortGPU} from "../sort/gpu-sort.js";
import {denseGrid} from "../sort/grid.js";
import {packParticles} from "../sort/particles.js";
import {countingSortTwin, scanRoundCount, type SortSnapshots} from "../sort/twin.js";
import {createDiagram} from "./scan-scrub-draw.js";
import {
  captionOf,
  phasesFor,
  plainSnapshots,
  restProgress,
  revealedArrays,
  sceneAt,
  seededParticles,
  type PlainSnapshots,
  type ScrubParticle,
} from "./scan-scrub-model.js";
import {button, fallbackMessage, optionReader, setValue, statusLine} from "./view.js";

export interface ScanScrubOptions {
  /** Seed of the particle positions (d3.randomLcg); default 8 (a set with one empty cell). */
  seed?: number;
  /** Particles, 2..24 (default 18). */
  count?: number;
  /** Framework's invalidation promise: everything is released when it resolves. */
  invalidation?: Promise<unknown>;
  /** Force the CPU twin (for comparisons); default false. */
  cpuOnly?: boolean;
  /** Step texts, one per phase (HTML strings); defaults describe each phase. */
  steps?: string[];
}

export interface ScanScrubValue {
  progress: number;
  phase: string;
  phaseIndex: number;
  particles: ScrubParticle[];
  counts: number[];
  scanRounds: number[][];
  starts: number[];
  order: number[];
  seed: number;
  engine: "gpu" | "cpu";
}

const DIM_X = 3;
const DIM_Y = 2;
const WIDE = 720; // px of widget width from which text and stage sit side by side

const DEFAULT_STEPS = [
  `<strong>Histogram.</strong> Every particle works out its cell key from its position and adds one to that cell's counter. On the GPU all particles do this at once, so the additions are atomic: two particles in the same cell never lose each other's increment.`,
  `<strong>Round 1, stride 1.</strong> Now the counts become running totals. Each box adds the box directly to its left. Every box does this at the same time, reading the old row and writing a new one.`,
  `<strong>Round 2, stride 2.</strong> The stride doubles. Each box now already holds the sum of two counts, so adding the box two places to the left covers four.`,
  `<strong>Round 3, stride 4.</strong> One more doubling and every box holds the sum of all counts up to and including its own cell: an <em>inclusive</em> scan, after ⌈log₂ 6⌉ = 3 rounds.`,
  `<strong>Shift.</strong> Move the row one place to the right and put a 0 in front. Now box <em>c</em> holds the number of particles in all cells before <em>c</em> — the slot where cell <em>c</em>'s particles start. The extra box at the end is the total.`,
  `<strong>Scatter.</strong> Each particle claims the next free slot of its cell (an atomic counter that starts at the cell's start) and copies itself there. Cells end up contiguous; inside a cell the order depends on which thread got there first.`,
];

let styleInstalled = false;
function installStyle() {
  if (styleInstalled || typeof document === "undefined") return;
  styleInstalled = true;
  const s = document.createElement("style");
  s.id = "scan-scrub-style";
  s.textContent = `
.scan-scrub { margin: 2rem 0; }
.scan-scrub .scrub-scrolly { display: grid; grid-template-columns: minmax(0, 1fr); position: relative; }
.scan-scrub .scrub-stage { position: sticky; top: 0; z-index: 2; background: var(--theme-background, white); padding: 0.4rem 0 0.3rem; align-self: start; outline: none; }
.scan-scrub .scrub-stage:focus-visible { box-shadow: 0 0 0 2px var(--theme-foreground-focus, #3b5fc0); border-radius: 4px; }
.scan-scrub .scrub-svg { width: 100%; max-width: 560px; height: auto; margin: 0 auto; max-height: 60vh; }
.scan-scrub.wide .scrub-svg { max-height: calc(100vh - 240px); min-height: 260px; }
.scan-scrub .scrub-step { display: flex; align-items: center; box-sizing: border-box; }
.scan-scrub .scrub-card { background: var(--theme-background-alt, #f6f6f4); border: 1px solid var(--theme-foreground-faint, #ddd); border-radius: 6px; padding: 0.8rem 1rem; font: 16px/1.5 var(--serif, Georgia, serif); max-width: 36rem; }
.scan-scrub .scrub-step .scrub-card { opacity: 0.45; }
.scan-scrub .scrub-step.active .scrub-card { opacity: 1; border-color: var(--theme-foreground-focus, #3b5fc0); }
.scan-scrub .scrub-progress { display: flex; gap: 3px; margin: 0 0 0.3rem; }
.scan-scrub .scrub-progress span { flex: 1; height: 6px; background: var(--theme-foreground-faintest, #eee); border-radius: 3px; overflow: hidden; }
.scan-scrub .scrub-progress span i { display: block; height: 100%; background: var(--theme-foreground-focus, #3b5fc0); }
.scan-scrub .scrub-phase { font-size: 13px; color: var(--theme-foreground-muted, #555); }
.scan-scrub .caption { min-height: 2.8em; margin: 0.2rem 0; }
.scan-scrub .widget-controls { margin: 0.2rem 0; }
.scan-scrub:not(.wide) .scrub-card { font-size: 15px; padding: 0.6rem 0.8rem; }
.scan-scrub.wide .scrub-scrolly { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); column-gap: 1.5rem; }
.scan-scrub.wide .scrub-steps { grid-column: 1; grid-row: 1; }
.scan-scrub.wide .scrub-stage { grid-column: 2; grid-row: 1; }
`;
  document.head.appendChild(s);
}

/** Creates the scroll-scrubbed counting-sort diagram (see the module comment). */
export function createScanScrub(options: ScanScrubOptions = {}): HTMLElement & {value: ScanScrubValue | null; dispose(): void} {
  installStyle();
  const root = document.createElement("div") as unknown as HTMLElement & {value: ScanScrubValue | null; dispose(): void};
  root.className = "widget scan-scrub";
  root.dataset.widget = "scan-scrub";
  root.value = null;
  const status = statusLine();
  const scope = new ResourceScope(null);

  // bad options: a visible note (kept in front of every later status line), never a blank
  const notes: string[] = [];
  const read = optionReader(notes);
  const option = (name: string, value: unknown, fallback: number, min: number, max: number) => read(name, value, fallback, min, max);

  const count = option("count", options.count, 18, 2, 24);
  let seed = option("seed", options.seed, 8, 0, 2 ** 31 - 1);
  const optionNote = notes.map((n) => n + " ").join("");
  const report = (kind: "info" | "warn" | "error", text: string) => (optionNote ? status.warn(optionNote + text) : status[kind](text));
  if (optionNote) status.warn(optionNote);
  const grid = denseGrid(DIM_X, DIM_Y, 1);
  const phases = phasesFor(grid.numCells);
  const numRounds = scanRoundCount(grid.numCells);
  const stepTexts = phases.map((_, k) => options.steps?.[k] ?? DEFAULT_STEPS[k] ?? "");

  // ---- DOM
  const scrolly = document.createElement("div");
  scrolly.className = "scrub-scrolly";
  const stage = document.createElement("div");
  stage.className = "scrub-stage";
  stage.tabIndex = 0;
  stage.setAttribute("role", "group");
  stage.setAttribute("aria-label", "Counting-sort diagram. Scroll, or use the arrow keys, to step through its phases.");
  const progressBar = document.createElement("div");
  progressBar.className = "scrub-progress";
  progressBar.setAttribute("role", "progressbar");
  progressBar.setAttribute("aria-valuemin", "0");
  progressBar.setAttribute("aria-valuemax", "100");
  const segments = phases.map(() => {
    const span = document.createElement("span");
    span.appendChild(document.createElement("i"));
    progressBar.appendChild(span);
    return span.firstChild as HTMLElement;
  });
  const phaseLabel = document.createElement("div");
  phaseLabel.className = "scrub-phase";
  phaseLabel.setAttribute("aria-live", "polite"); // announced once per phase, not per scroll frame
  const diagram = createDiagram({dimX: DIM_X, dimY: DIM_Y, numCells: grid.numCells, numParticles: count, numRounds});
  const caption = document.createElement("p");
  caption.className = "caption";

  const controls = document.createElement("div");
  controls.className = "widget-controls";
  const prevBtn = button("◀ Previous", () => step(-1), {title: "Previous phase (← key)"});
  const nextBtn = button("Next ▶", () => step(+1), {title: "Next phase (→ key)"});
  const seedBtn = button("New particles", () => reseed(seed + 1), {title: "Place the particles again from the next seed"});
  const seedLabel = document.createElement("span");
  seedLabel.className = "scrub-phase";
  controls.append(prevBtn, nextBtn, seedBtn, seedLabel);
  stage.append(progressBar, phaseLabel, diagram.svg, caption, controls, status.element);

  const stepsCol = document.createElement("div");
  stepsCol.className = "scrub-steps";
  const stepEls = stepTexts.map((html, k) => {
    const sec = document.createElement("section");
    sec.className = "scrub-step";
    sec.dataset.phase = phases[k].id;
    const card = document.createElement("div");
    card.className = "scrub-card";
    card.innerHTML = html;
    sec.appendChild(card);
    stepsCol.appendChild(sec);
    return sec;
  });
  scrolly.append(stage, stepsCol);
  root.append(scrolly);

  // ---- state
  let particles: ScrubParticle[] = [];
  let data: PlainSnapshots | null = null;
  let engine: "gpu" | "cpu" = "cpu";
  let generation = 0;
  const reduced = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  const reducedMotion = () => !!reduced?.matches;

  // ---- layout: the scroll span is 6 panels of P px plus one viewport; progress = scrolled / (6P)
  let lastLayout = "";
  function layout() {
    const vh = window.innerHeight || 800;
    const width = root.clientWidth;
    const wide = width >= WIDE;
    root.classList.toggle("wide", wide);
    const S = stage.offsetHeight;
    const key = `${vh}|${width}|${S}`;
    if (key === lastLayout) return;
    lastLayout = key;
    let stageTop: number, pad: number, P: number, y0: number;
    if (wide) {
      stageTop = Math.max(0, Math.round((vh - S) / 2));
      y0 = 0;
      P = Math.round(vh * 0.8);
      pad = Math.round(vh / 2);
    } else {
      stageTop = 0;
      y0 = S;
      // the text moves 0.75 of the free height per phase, so the current card is still
      // fully in view under the stage at the phase's rest point
      const free = Math.max(vh - S, vh * 0.35);
      P = Math.round(free * 0.75);
      pad = Math.round(free / 2);
    }
    stage.style.top = `${stageTop}px`;
    // panel k's centre passes the middle of the free area halfway through phase k
    stepsCol.style.paddingTop = `${pad}px`;
    stepsCol.style.paddingBottom = `${Math.max(0, vh - y0 - pad)}px`;
    for (const el of stepEls) el.style.height = `${P}px`;
  }

  /** Scroll progress through the widget: 0 when its top reaches the viewport top, 1 at its end. */
  function scrollProgress(): number {
    const rect = scrolly.getBoundingClientRect();
    const range = rect.height - window.innerHeight;
    if (!(range > 0)) return 0;
    return Math.min(1, Math.max(0, -rect.top / range));
  }

  /** Document scrollY at which the widget shows progress p. */
  function scrollYFor(p: number): number {
    const rect = scrolly.getBoundingClientRect();
    const range = rect.height - window.innerHeight;
    return Math.round(window.scrollY + rect.top + p * Math.max(0, range));
  }

  let lastKey = "";
  function render() {
    if (!data) return;
    const progress = scrollProgress();
    const reducedNow = reducedMotion();
    const key = `${progress}|${reducedNow}|${generation}`;
    if (key === lastKey) return;
    lastKey = key;
    const scene = sceneAt(progress, data, phases, reducedNow);
    diagram.update(scene, data, particles);
    segments.forEach((seg, k) => {
      const fill = k < scene.phaseIndex ? 1 : k > scene.phaseIndex ? 0 : scene.t;
      seg.style.width = `${(fill * 100).toFixed(2)}%`;
    });
    progressBar.setAttribute("aria-valuenow", String(Math.round(progress * 100)));
    phaseLabel.textContent = `Phase ${scene.phaseIndex + 1} of ${phases.length} · ${scene.phase.title}`;
    caption.textContent = captionOf(scene, data);
    stepEls.forEach((el, k) => el.classList.toggle("active", k === scene.phaseIndex));
    prevBtn.disabled = progress <= 0;
    nextBtn.disabled = scene.phaseIndex === phases.length - 1 && scene.anim >= 1;
    setValue(root, {
      progress,
      phase: scene.phase.id,
      phaseIndex: scene.phaseIndex,
      particles: particles.map((p) => ({...p})),
      ...revealedArrays(data, scene.phaseIndex, phases),
      seed,
      engine,
    });
  }

  /**
   * One phase forwards (+1) or backwards (−1): scrolls the page to the next (previous) phase
   * rest point — the position where that phase is fully drawn — counted in whole pixels so
   * that a position one rounding away from a rest point counts as on it.
   */
  let pending: {y: number; until: number} | null = null; // a smooth scroll on its way to y
  function step(dir: number) {
    // a second press during a smooth scroll steps on from where the first one is going
    const y = pending && performance.now() < pending.until ? pending.y : window.scrollY;
    const rests = phases.map((_, k) => scrollYFor(restProgress(k, phases.length)));
    let target: number | undefined;
    if (dir > 0) target = rests.find((r) => r > y + 1);
    else target = [scrollYFor(0), ...rests].reverse().find((r) => r < y - 1);
    if (target === undefined) return;
    const smooth = !reducedMotion();
    pending = smooth ? {y: target, until: performance.now() + 1500} : null;
    window.scrollTo({top: target, behavior: smooth ? "smooth" : "auto"});
  }

  stage.addEventListener("keydown", (ev) => {
    const k = ev.key;
    if (k === "ArrowRight" || k === "ArrowDown") step(+1);
    else if (k === "ArrowLeft" || k === "ArrowUp") step(-1);
    else if (k === "Home") window.scrollTo({top: scrollYFor(0), behavior: "auto"});
    else if (k === "End") window.scrollTo({top: scrollYFor(1), behavior: "auto"});
    else return;
    ev.preventDefault();
  });

  // ---- computing the snapshots (GPU once per particle set; twin without WebGPU)
  let handle: GPUHandle | null = null;
  let sorter: CountingSortGPU | null = null;
  let gpuScope: ResourceScope | null = null;
  let unsubscribeLost: (() => void) | null = null;
  let lostBefore = false;

  let building: Promise<CountingSortGPU | null> | null = null;
  /** The sort on the page's GPU (built once; again after a device loss); null without WebGPU. */
  function gpuSorter(): Promise<CountingSortGPU | null> {
    if (options.cpuOnly) return Promise.resolve(null);
    if (sorter && handle && !handle.isLost()) return Promise.resolve(sorter);
    building ??= buildSorter().finally(() => (building = null));
    return building;
  }

  async function buildSorter(): Promise<CountingSortGPU | null> {
    handle = await acquireGPU();
    if (!handle || scope.disposed) return null;
    gpuScope?.dispose();
    gpuScope = new ResourceScope(handle.device);
    unsubscribeLost?.();
    unsubscribeLost = handle.onLost((info) => {
      if (scope.disposed) return;
      // the page's device is gone (driver reset, or destroyed elsewhere): rebuild on a new one
      sorter = null;
      lostBefore = true;
      report("warn", `The GPU device was lost (${info.message || info.reason || "no reason given"}); rebuilding on a new device…`);
      compute(seed);
    });
    sorter = await CountingSortGPU.create(handle.device, gpuScope, browserWGSL, {maxParticles: 24, maxCells: grid.numCells});
    return sorter;
  }

  async function compute(newSeed: number) {
    const gen = ++generation;
    const list = seededParticles(newSeed, count, DIM_X, DIM_Y);
    const packed = packParticles(list);
    let snaps: SortSnapshots;
    let eng: "gpu" | "cpu" = "cpu";
    let note: string | null = null;
    try {
      const s = await gpuSorter();
      if (s) {
        snaps = await s.runWithSnapshots(grid, packed);
        eng = "gpu";
      } else {
        snaps = countingSortTwin(grid, packed);
        note = options.cpuOnly ? "Running the CPU twin of the GPU kernels (cpuOnly)." : fallbackMessage(gpuUnavailableReason);
      }
    } catch (e) {
      console.warn("[scan-scrub] GPU sort failed, using the CPU twin:", e);
      snaps = countingSortTwin(grid, packed);
      note = `The GPU run failed (${(e as Error).message}), so these arrays come from the CPU twin.`;
    }
    if (gen !== generation || scope.disposed) return;
    const plain = plainSnapshots(snaps);
    particles = list.map((p, i) => ({...p, cell: plain.keys[i]}));
    data = plain;
    engine = eng;
    seed = newSeed;
    seedLabel.textContent = `seed ${seed}`;
    if (eng === "gpu") {
      const gpuName = `${handle?.adapterInfo.vendor || "GPU"} ${handle?.adapterInfo.architecture || ""}`.trim();
      report("info", `Arrays computed by the GPU kernels and read back after each phase (${gpuName}${lostBefore ? "; rebuilt on a new device after a device loss" : ""}).`);
    }
    else if (note?.startsWith("The GPU run failed")) report("error", note);
    else report("warn", note ?? "");
    lastKey = "";
    render();
  }

  function reseed(newSeed: number) {
    seedBtn.disabled = true;
    compute(newSeed).finally(() => (seedBtn.disabled = false));
  }

  // ---- listeners
  const onScroll = () => {
    if (pending && Math.abs(window.scrollY - pending.y) < 1) pending = null;
    render();
  };
  const onResize = () => {
    layout();
    lastKey = "";
    render();
  };
  window.addEventListener("scroll", onScroll, {passive: true});
  window.addEventListener("resize", onResize);
  const ro = typeof ResizeObserver === "function" ? new ResizeObserver(onResize) : null;
  ro?.observe(root);
  ro?.observe(stage);
  const onMotion = () => {
    lastKey = "";
    render();
  };
  reduced?.addEventListener?.("change", onMotion);
  scope.onDispose(() => {
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("resize", onResize);
    ro?.disconnect();
    reduced?.removeEventListener?.("change", onMotion);
    unsubscribeLost?.();
    sorter?.dispose();
    gpuScope?.dispose();
    generation++;
  });
  root.dispose = () => scope.dispose();
  options.invalidation?.then(() => scope.dispose());

  // first layout once attached
  requestAnimationFrame(() => onResize());
  compute(seed);
  return root;
}

/**
 * The SPH water widget (brief §5) and the hero (§0): a dam break in a tank 2 world units
 * wide, simulated by components/water/pipeline.ts (counting sort → density → force, all
 * substeps of a frame in one compute pass, drawn by the shared DiscRenderer in the same
 * submit). Without WebGPU it runs the CPU twin (components/water/twin.ts) at a reduced
 * count and says so.
 *
 *   createWaterWidget({count: 50_000, invalidation}) → HTMLElement (data-widget="water")
 *   createWaterWidget({hero: true, count: 45_000, invalidation}) → data-widget="hero"
 *
 * `.value` = {count (particles actually simulated: on the CPU twin a reduced count, see
 * `twinCount`), requestedCount (the slider's / option's count), substeps, params: {k, kNear, restDensity, xsph}, densityHistogram
 * (64 bins over [0, 2ρ₀)), maxSpeed (world units/s), gpuMsPerFrame (timestamp queries
 * when the device has them, else submit → done wall time; null on the CPU)}, refreshed
 * a few times a second with an `input` event.
 */
import {browserWGSL} from "../gpu/wgsl-browser.js";
import type {GPUHandle} from "../gpu/context.js";
import {StagingRing} from "../gpu/readback.js";
import {frameLoop} from "../gpu/loop.js";
import {DiscRenderer, type WorldView} from "../sim/renderer.js";
import {fitView, trackPointer} from "../sim/pointer.js";
import {createSimShell, runOnGPU} from "../sim/shell.js";
import {PassTimer} from "../sim/timing.js";
import {clampOption, fallbackMessage, rangeControl, setValue} from "./view.js";
import {WATER_DEFAULTS, TUNABLE, waterGrid, type PointerState, type WaterParams, type TunableKey} from "../water/params.js";
import {damBreak} from "../water/scene.js";
import {decodeStats, WaterGPU, STATS_BYTES} from "../water/pipeline.js";
import {statsTwin, substepTwin, DENSITY_BINS} from "../water/twin.js";
import {PARTICLE_WORDS, type PackedParticles} from "../sort/particles.js";
import {densityHistogram, rampColor, rampLegend} from "../water/chart.js";

export interface WaterOptions {
  /** true: the hero at the top of the page (data-widget="hero", compact, no chart). */
  hero?: boolean;
  /** Particles (default 50,000; hero 45,000). Out of range → clamped, with a message. */
  count?: number;
  /** Slider range (default 10,000–80,000, log scale); the minimum drops to `count` if smaller. */
  minCount?: number;
  maxCount?: number;
  /** Substeps per frame, 1–8 (default 5). */
  substeps?: number;
  /** Colour of the discs (default "density"). */
  colorBy?: "density" | "speed";
  /** Initial values of the tunable parameters (default: WATER_DEFAULTS). */
  params?: Partial<Pick<WaterParams, TunableKey>>;
  /**
   * Most particles of the CPU-twin fallback (default 4,000): the twin simulates
   * `twinCount(count, fallbackCount)` = count / 16, clamped to [1,000, fallbackCount] (never more than count).
   */
  fallbackCount?: number;
  /** Tank width / height, 1–4 (default 2: the tank is 2 × 1). */
  aspect?: number;
  /** Largest canvas height, CSS px, 80–4,000 (default 600; hero 560). Out of range → clamped, with a message. */
  maxHeight?: number;
  /**
   * On a software adapter (SwiftShader: WebGPU emulated on the CPU) and without an explicit
   * `count`, run this many particles and one substep instead (default 4,000), and say so.
   */
  softwareCount?: number;
  /** Readbacks per second for the histogram and counters (default 4). */
  statsHz?: number;
  invalidation?: Promise<unknown>;
  /** Device provider (tests); default: the page's shared device. */
  acquire?: () => Promise<GPUHandle | null>;
}

export interface WaterValue {
  /** Particles simulated now (on the CPU twin: fewer than requested). */
  count: number;
  /** Particles asked for by the slider or the `count` option. */
  requestedCount: number;
  substeps: number;
  params: {k: number; kNear: number; restDensity: number; xsph: number};
  densityHistogram: number[];
  maxSpeed: number;
  gpuMsPerFrame: number | null;
}

const MIN_COUNT = 500;
const SPEED_RANGE: [number, number] = [0, 3];
const TUNABLE_KEYS = Object.keys(TUNABLE) as TunableKey[];

/**
 * Particles the CPU twin simulates for a requested `count`: count / 16 (the twin runs on one
 * CPU core, roughly 16× slower per particle than a GPU here), clamped to [1,000, cap] and never
 * more than `count`. E.g. 10,000 → 1,000; 20,000 → 1,250; 50,000 → 3,125; 80,000 → 4,000 (cap 4,000).
 */
export function twinCount(count: number, cap = 4000): number {
  return Math.min(count, Math.max(Math.min(1000, cap), Math.min(cap, Math.round(count / 16))));
}

/** True when `v` is absent or blank (`?water=` in the URL): the option's default applies. */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Builds the widget. See the module comment. */
export function createWaterWidget(options: WaterOptions = {}): HTMLElement {
  const hero = !!options.hero;
  const name = hero ? "hero" : "water";
  const warnings: string[] = [];
  const opt = (label: string, v: unknown, lo: number, hi: number, dflt: number, integer = true) => {
    if (blank(v)) return dflt;
    try {
      const c = clampOption(label, v, lo, hi, integer);
      const n = Number(v);
      if (integer && !Number.isInteger(n) && n >= lo && n <= hi) {
        warnings.push(`${label} ${String(v)} is not a whole number; using ${c.toLocaleString("en-US")}.`);
        return c;
      }
      if (c !== n) warnings.push(`${label} ${String(v)} is outside ${lo.toLocaleString("en-US")}–${hi.toLocaleString("en-US")}; using ${c.toLocaleString("en-US")}.`);
      return c;
    } catch (e) {
      warnings.push(`${(e as Error).message}; using ${dflt.toLocaleString("en-US")}.`);
      return dflt;
    }
  };
  const maxCount = opt("maximum count", options.maxCount, MIN_COUNT, 1_000_000, hero ? 45_000 : 80_000);
  // only a valid count counts as explicit: a bad one (?water=abc, ?hero=Infinity) gets the default, reduced on software adapters
  const explicitCount = !blank(options.count) && Number.isFinite(Number(options.count));
  let count = opt("particle count", options.count, MIN_COUNT, maxCount, Math.min(maxCount, hero ? 45_000 : 50_000));
  let minCount = Math.min(count, opt("minimum count", options.minCount, MIN_COUNT, maxCount, 10_000));
  let substeps = opt("substeps", options.substeps, 1, 8, 5);
  const aspect = opt("aspect", options.aspect, 1, 4, 2, false);
  const fallbackCount = opt("fallback count", options.fallbackCount, 100, 20_000, 4000);
  const maxHeight = opt("maximum height", options.maxHeight, 80, 4000, hero ? 560 : 600);
  const statsHz = opt("statsHz", options.statsHz, 0.5, 30, 4, false);
  let colorBy: "density" | "speed" = options.colorBy === "speed" ? "speed" : "density";
  const base: WaterParams = {...WATER_DEFAULTS, tank: [0, 0, 2, 2 / aspect]};
  const initial: Record<TunableKey, number> = {} as any;
  for (const k of TUNABLE_KEYS) initial[k] = opt(TUNABLE[k].label, options.params?.[k], TUNABLE[k].min, TUNABLE[k].max, base[k], false);
  let params: WaterParams = {...base, ...initial};

  const shell = createSimShell({
    name,
    aspect,
    maxHeight,
    label: hero ? "Live SPH water simulation: a dam break in a tank" : "SPH water: a dam break; drag to stir",
    invalidation: options.invalidation,
  });
  const root = shell.root;
  injectStyle();
  /** Particles simulated now: `count` on the GPU, the reduced twin count on the CPU. */
  let simulated = () => count;
  const value: WaterValue = {count, requestedCount: count, substeps, params: pick(params), densityHistogram: new Array(DENSITY_BINS).fill(0), maxSpeed: 0, gpuMsPerFrame: null};
  root.value = value;
  const publish = () => setValue(root, {...value, count: simulated(), requestedCount: count, substeps, params: pick(params), densityHistogram: [...value.densityHistogram]});

  // ---- controls -------------------------------------------------------------------
  let onPour = () => {};
  let onParams = () => {};
  let onCount = () => {};
  const pourBtn = document.createElement("button");
  pourBtn.type = "button";
  pourBtn.textContent = "Pour again";
  pourBtn.className = "water-pour";
  pourBtn.addEventListener("click", () => onPour());

  let logMin = Math.log(minCount);
  const logMax = Math.log(maxCount);
  const countInput = rangeControl("particles", {name: `${name}-count`, min: 0, max: 1000, step: 1, value: toSlider(count)});
  const countOut = document.createElement("output");
  const showCount = () => (countOut.textContent = count.toLocaleString("en-US"));
  showCount();
  countInput.input.addEventListener("input", () => {
    count = fromSlider(+countInput.input.value);
    showCount();
  });
  countInput.input.addEventListener("change", () => {
    count = fromSlider(+countInput.input.value);
    showCount();
    onCount();
    publish();
  });
  function toSlider(n: number) {
    return logMax > logMin ? Math.round(((Math.log(n) - logMin) / (logMax - logMin)) * 1000) : 1000;
  }
  function fromSlider(s: number) {
    const n = Math.exp(logMin + (s / 1000) * (logMax - logMin));
    const r = n >= 10_000 ? Math.round(n / 1000) * 1000 : Math.round(n / 100) * 100;
    return Math.min(maxCount, Math.max(minCount, r));
  }
  countInput.label.append(" ", countOut);

  const subInput = rangeControl("substeps per frame", {name: `${name}-substeps`, min: 1, max: 8, step: 1, value: substeps});
  const subOut = document.createElement("output");
  subOut.textContent = String(substeps);
  subInput.label.append(" ", subOut);
  subInput.input.addEventListener("input", () => {
    substeps = Math.round(+subInput.input.value);
    subOut.textContent = String(substeps);
    publish();
  });

  const colorBtn = document.createElement("button");
  colorBtn.type = "button";
  colorBtn.className = "water-color";
  const legend = rampLegend(hero ? 120 : 160);
  const showColor = () => {
    colorBtn.textContent = `Colour: ${colorBy}`;
    colorBtn.setAttribute("aria-label", `colour by ${colorBy}; press to colour by ${colorBy === "density" ? "speed" : "density"}`);
    if (colorBy === "density") legend.update("density", 0.5 * params.restDensity, 1.5 * params.restDensity);
    else legend.update("speed", SPEED_RANGE[0], SPEED_RANGE[1]);
  };
  colorBtn.addEventListener("click", () => {
    colorBy = colorBy === "density" ? "speed" : "density";
    showColor();
  });
  showColor();

  // parameter panel
  const details = document.createElement("details");
  details.className = "water-params";
  const summary = document.createElement("summary");
  summary.textContent = "Parameters";
  details.append(summary);
  const paramInputs = new Map<TunableKey, {input: HTMLInputElement; out: HTMLOutputElement}>();
  for (const k of TUNABLE_KEYS) {
    const t = TUNABLE[k];
    const r = rangeControl(t.label, {name: `${name}-${k}`, min: t.min, max: t.max, step: t.step, value: params[k]});
    r.input.dataset.param = k;
    const out = document.createElement("output");
    out.textContent = fmt(params[k]);
    r.label.append(" ", out);
    r.input.addEventListener("input", () => {
      params = {...params, [k]: +r.input.value};
      out.textContent = fmt(params[k]);
      if (k === "restDensity") showColor();
      onParams();
      publish();
    });
    paramInputs.set(k, {input: r.input, out});
    details.append(r.label);
  }
  const resetBtn = document.createElement("button");
  resetBtn.type = "button";
  resetBtn.textContent = "Reset parameters";
  resetBtn.className = "water-reset";
  resetBtn.addEventListener("click", () => {
    params = {...params, ...pickDefaults()};
    for (const [k, {input, out}] of paramInputs) {
      input.value = String(params[k]);
      out.textContent = fmt(params[k]);
    }
    showColor();
    onParams();
    publish();
  });
  details.append(resetBtn);

  const chart = densityHistogram(320, 110);
  const speedOut = document.createElement("div");
  speedOut.className = "water-speed counter";
  const timeOut = document.createElement("div");
  timeOut.className = "water-time counter";

  if (hero) {
    shell.controls.append(pourBtn, colorBtn, legend.element);
    shell.panel.remove();
  } else {
    shell.controls.append(countInput.label, subInput.label, pourBtn, colorBtn, legend.element);
    shell.controls.after(details);
    const stats = document.createElement("div");
    stats.className = "water-stats";
    stats.style.cssText = "display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end";
    const nums = document.createElement("div");
    nums.append(speedOut, timeOut);
    stats.append(chart.element, nums);
    shell.panel.append(stats);
  }
  chart.update(value.densityHistogram, params.restDensity);

  function pickDefaults() {
    const d: Partial<WaterParams> = {};
    for (const k of TUNABLE_KEYS) d[k] = WATER_DEFAULTS[k];
    return d;
  }

  const onStats = (bins: ArrayLike<number>, maxSpeed: number, ms: number | null) => {
    value.densityHistogram = Array.from(bins);
    value.maxSpeed = maxSpeed;
    value.gpuMsPerFrame = ms;
    chart.update(bins, params.restDensity);
    speedOut.textContent = `max speed ${maxSpeed.toFixed(2)} units/s`;
    publish();
  };

  const tankView = (): WorldView => {
    const [x0, y0, x1, y1] = params.tank;
    const m = 0.01;
    return fitView({x0: x0 - m, y0: y0 - m, x1: x1 + m, y1: y1 + m}, shell.size.width, shell.size.height);
  };
  // the pointer follows the current canvas (the shell replaces it after a device loss)
  // (the hero lets vertical swipes scroll the page on touch screens: only sideways drags stir)
  const track = () => {
    const t = trackPointer(shell.canvas, tankView);
    if (hero) shell.canvas.style.touchAction = "pan-y";
    return t;
  };
  let pointerTracker = track();
  let trackedCanvas = shell.canvas;
  const followCanvas = () => {
    if (trackedCanvas === shell.canvas) return;
    pointerTracker.dispose();
    pointerTracker = track();
    trackedCanvas = shell.canvas;
  };
  shell.scope.onDispose(() => pointerTracker.dispose());
  let last = {x: NaN, y: NaN};
  /** The pointer in sim units: velocity per simulated second of this frame. */
  const simPointer = (): PointerState | null => {
    const s = pointerTracker.state;
    const simDt = substeps * params.dt;
    if (!s.down || !Number.isFinite(s.x)) {
      last = {x: NaN, y: NaN};
      return null;
    }
    let vx = 0, vy = 0;
    if (Number.isFinite(last.x)) {
      vx = (s.x - last.x) / simDt;
      vy = (s.y - last.y) / simDt;
      const sp = Math.hypot(vx, vy), cap = 0.8 * params.maxSpeed;
      if (sp > cap) {
        vx *= cap / sp;
        vy *= cap / sp;
      }
    }
    last = {x: s.x, y: s.y};
    return {x: s.x, y: s.y, vx, vy, active: true};
  };

  // ---- GPU ------------------------------------------------------------------------
  void runOnGPU(shell, {
    acquire: options.acquire,
    start: async (handle, scope) => {
      const device = handle.device;
      followCanvas();
      const software = /swiftshader/i.test(handle.adapterInfo.architecture);
      // a CPU-emulated GPU is shared with every other widget of the page: keep one frame in flight
      const maxInFlight = software ? 1 : 2;
      if (software && !explicitCount) {
        const soft = opt("software count", options.softwareCount, MIN_COUNT, maxCount, 4000);
        if (soft < count) {
          count = soft;
          minCount = Math.min(minCount, count);
          logMin = Math.log(minCount);
          substeps = 1;
          countInput.input.value = String(toSlider(count));
          subInput.input.value = "1";
          subOut.textContent = "1";
          showCount();
          warnings.push(`This WebGPU adapter is a CPU emulation (SwiftShader), so the water starts with ${count.toLocaleString("en-US")} particles and one substep per frame.`);
          publish();
        }
      }
      const sim = await WaterGPU.create(device, scope, browserWGSL, {maxParticles: maxCount});
      const renderer = await DiscRenderer.create(device, scope, {canvas: shell.canvas, wgsl: browserWGSL});
      scope.onDispose(() => renderer.dispose());
      const ring = new StagingRing(scope, STATS_BYTES, 2);
      let gpuMs: number | null = null;
      const ema = (ms: number) => (gpuMs = gpuMs === null ? ms : 0.8 * gpuMs + 0.2 * ms);
      const timer = handle.timestamps ? PassTimer.create(device, scope, 1, (t) => ema(t.total)) : null;
      const pour = () => {
        sim.upload(damBreak(count, params));
        value.maxSpeed = 0;
      };
      sim.setParams(params);
      pour();
      onPour = pour;
      onCount = pour;
      onParams = () => sim.setParams(params);
      const draw = (enc: GPUCommandEncoder) =>
        renderer.encode(enc, sim.particles, sim.count, tankView(), {
          radius: 0.55 * params.h,
          colorMode: colorBy === "density" ? "scalar" : "speed",
          scalar: sim.density,
          scalarRange: colorBy === "density" ? [0.5 * params.restDensity, 1.5 * params.restDensity] : SPEED_RANGE,
        });
      let inFlight = 0;
      let lastStats = -Infinity;
      let frames = 0;
      const info = () =>
        shell.status.info(
          `GPU (${handle.adapterInfo.vendor || "WebGPU"}): ${sim.count.toLocaleString("en-US")} particles, ${substeps} substep${substeps > 1 ? "s" : ""} per frame` +
            (gpuMs === null ? "" : `, ${gpuMs.toFixed(2)} ms of GPU time per frame${timer ? "" : " (submit to done)"}`)
        );
      if (warnings.length) shell.status.warn(warnings.join(" "));
      else info();
      const loop = frameLoop(
        shell.canvas,
        (_dt, now) => {
          if (!shell.hasSize) return; // zero-size canvas: the shell says so; wait for a size
          if (inFlight >= maxInFlight) return; // the GPU is behind: never queue more frames
          if (!renderer.resize()) return; // zero-size canvas (hidden): nothing to draw
          sim.setPointer(simPointer());
          sim.flush();
          const enc = device.createCommandEncoder({label: `${name}-frame`});
          const timing = timer?.beginFrame() ?? false;
          const pass = enc.beginComputePass({label: `${name}-substeps`, timestampWrites: timing ? timer!.writes("water") : undefined});
          sim.encodeSubsteps(pass, substeps);
          const slot = now - lastStats > 1000 / statsHz ? ring.acquire() : null;
          if (slot) sim.encodeStats(pass);
          pass.end();
          if (slot) {
            lastStats = now;
            ring.copy(enc, slot, sim.stats, 0, 0, STATS_BYTES);
          }
          draw(enc);
          timer?.resolve(enc);
          const t0 = performance.now();
          device.queue.submit([enc.finish()]);
          timer?.commit();
          inFlight++;
          device.queue.onSubmittedWorkDone().then(
            () => {
              inFlight--;
              if (!timer) ema(performance.now() - t0);
            },
            () => {}
          );
          if (slot) ring.commit(slot, (bytes) => {
            const s = decodeStats(bytes);
            onStats(s.bins, s.maxSpeed, gpuMs);
            if (!warnings.length) info();
          });
          frames++;
        },
        {invalidation: options.invalidation}
      );
      (root as any).__frames = () => frames;
      /**
       * Test and screenshot hook: pauses the simulation and shows a given state — rows of
       * (x, y, density, speed) as f32 — drawn by this widget's renderer.
       */
      (root as any).__showState = async (rows: Float32Array) => {
        loop.setPaused(true);
        await device.queue.onSubmittedWorkDone();
        const n = Math.min(maxCount, Math.floor(rows.length / 4));
        const packed = damBreak(n, params);
        const dens = new Float32Array(n);
        for (let i = 0; i < n; i++) {
          packed.f32.set([rows[4 * i], rows[4 * i + 1], rows[4 * i + 3], 0], i * PARTICLE_WORDS);
          dens[i] = rows[4 * i + 2];
        }
        count = n;
        sim.upload(packed);
        device.queue.writeBuffer(sim.density, 0, dens);
        renderer.resize();
        const enc = device.createCommandEncoder();
        draw(enc);
        device.queue.submit([enc.finish()]);
        await device.queue.onSubmittedWorkDone();
      };
      return () => loop.stop();
    },
    fallback: (reason) => runFallback(reason),
  });

  // ---- CPU twin fallback ------------------------------------------------------------
  function runFallback(reason: string) {
    followCanvas();
    const canvas = shell.canvas;
    const ctx = canvas.getContext("2d");
    const grid = waterGrid();
    const n = () => twinCount(count, fallbackCount);
    simulated = n;
    let state: PackedParticles = damBreak(n(), params);
    let density: Float32Array = new Float32Array(state.count);
    const msg = () => `${fallbackMessage(reason)} It simulates ${n().toLocaleString("en-US")} particles instead of ${count.toLocaleString("en-US")}.`;
    shell.status.warn([msg(), ...warnings].join(" "));
    publish();
    const pour = () => {
      state = damBreak(n(), params);
      density = new Float32Array(state.count);
      shell.status.warn([msg(), ...warnings].join(" "));
    };
    onPour = pour;
    onCount = pour;
    onParams = () => {};
    let lastStats = -Infinity;
    let frames = 0;
    const loop = frameLoop(
      canvas,
      (_dt, now) => {
        if (!shell.hasSize) return; // zero-size canvas: the shell says so; wait for a size
        const ptr = simPointer();
        for (let s = 0; s < substeps; s++) {
          const r = substepTwin(grid, params, state, ptr);
          state = r.particles;
          density = r.density;
        }
        if (now - lastStats > 1000 / statsHz) {
          lastStats = now;
          const st = statsTwin(params, state, density);
          onStats(st.bins, st.maxSpeed, null);
        }
        if (!ctx) return;
        const dpr = Math.min(devicePixelRatio || 1, 2);
        const w = Math.round(canvas.clientWidth * dpr), h = Math.round(canvas.clientHeight * dpr);
        if (w <= 0 || h <= 0) return;
        if (canvas.width !== w) canvas.width = w;
        if (canvas.height !== h) canvas.height = h;
        const v = tankView();
        const sx = w / (v.x1 - v.x0), sy = h / (v.y1 - v.y0);
        ctx.clearRect(0, 0, w, h);
        const size = Math.max(1.5, 1.1 * params.h * sx);
        const buckets: number[][] = Array.from({length: 16}, () => []);
        const [lo, hi] = colorBy === "density" ? [0.5 * params.restDensity, 1.5 * params.restDensity] : SPEED_RANGE;
        for (let i = 0; i < state.count; i++) {
          const o = i * PARTICLE_WORDS;
          const val = colorBy === "density" ? density[i] : Math.hypot(state.f32[o + 2], state.f32[o + 3]);
          const b = Math.min(15, Math.max(0, Math.floor(((val - lo) / (hi - lo)) * 16)));
          buckets[b].push(i);
        }
        buckets.forEach((list, b) => {
          ctx.fillStyle = rampColor((b + 0.5) / 16);
          for (const i of list) {
            const o = i * PARTICLE_WORDS;
            ctx.fillRect((state.f32[o] - v.x0) * sx - size / 2, (v.y1 - state.f32[o + 1]) * sy - size / 2, size, size);
          }
        });
        frames++;
      },
      {invalidation: options.invalidation}
    );
    (root as any).__frames = () => frames;
    shell.scope.onDispose(() => loop.stop());
  }

  return root;
}

/** The tank's look (once per document): a pale background and a thin wall line. */
function injectStyle() {
  if (typeof document === "undefined" || document.getElementById("water-widget-style")) return;
  const style = document.createElement("style");
  style.id = "water-widget-style";
  style.textContent = `
.water-widget canvas, .hero-widget canvas { background: linear-gradient(#fbfcfe, #eef2f7); border: 1px solid #c9d2de; border-top-color: transparent; border-radius: 0 0 6px 6px; box-sizing: border-box; }
.water-widget .water-params { margin: 0.25rem 0 0.5rem; }
.water-widget .water-params label { display: flex !important; margin: 0.2rem 0; }
.water-widget .water-params input[type=range] { width: 200px; }
.water-widget .water-speed, .water-widget .water-time { font-size: 13px; }
`;
  document.head.append(style);
}

function pick(p: WaterParams) {
  return {k: p.k, kNear: p.kNear, restDensity: p.restDensity, xsph: p.xsph};
}

function fmt(v: number) {
  return Math.abs(v) >= 10 ? v.toFixed(0) : v.toFixed(v < 0.1 ? 3 : 2);
}


/**
 * The sand demo (brief §4): up to 30,000 grains re-sorted by cell every substep on the GPU
 * (clear → count → scan ×3 → scatter → forces), drawn straight from the particle buffer.
 * Controls: grains (log slider 2,000–30,000, re-pours), substeps per frame (1–8), re-pour,
 * spatial hashing on/off, open walls (hash mode only). A live panel shows the GPU time per
 * pass and per frame (timestamp-query) or the submit-to-done time, the pass shares, and the
 * hash-collision counter; a pipeline diagram lights up with the real shares.
 *
 * `createSandWidget(options) → HTMLElement` with data-widget="sand" and
 * `.value = {count, substeps, hashed, openWalls, engine, gpuMsPerFrame, frameMs, passMs, …}`.
 * Without WebGPU: the CPU twin (components/sand/twin.ts) at a sixth of the grains (about
 * 2,000 at the default), drawn on a 2D canvas, every control still working.
 */
import {browserWGSL} from "../gpu/wgsl-browser.js";
import {acquireGPU, type GPUHandle} from "../gpu/context.js";
import type {WGSLLoader} from "../gpu/wgsl.js";
import {frameLoop, type FrameLoop} from "../gpu/loop.js";
import {StagingRing} from "../gpu/readback.js";
import {SandGPU, SAND_PHASES} from "../sand/gpu-sand.js";
import {SAND_DEFAULTS, SAND_DEFAULT_GRAINS, SAND_MAX_GRAINS, SAND_MIN_GRAINS, sandGrid, type SandParams} from "../sand/params.js";
import {pourSand} from "../sand/pour.js";
import {sandSubstepTwin} from "../sand/twin.js";
import {DiscRenderer, type WorldView} from "../sim/renderer.js";
import {fitView, trackPointer, type PointerState} from "../sim/pointer.js";
import {createSimShell, runOnGPU} from "../sim/shell.js";
import {PassTimer, type PassTimes} from "../sim/timing.js";
import {PARTICLE_WORDS, type PackedParticles} from "../sort/particles.js";
import {button, clampOption, fallbackMessage, optionReader, rangeControl, setValue} from "./view.js";
import {createPipelineDiagram} from "./pipeline-diagram.js";

export interface SandWidgetOptions {
  /** Grains, 2,000–30,000 (default 12,000). */
  count?: number;
  /** Substeps per frame, 1–8 (default 5). */
  substeps?: number;
  /** Start in spatial-hash mode (default false). */
  hashed?: boolean;
  /** Start with the walls open (hash mode only; default false). */
  openWalls?: boolean;
  /** Framework's invalidation promise. */
  invalidation?: Promise<unknown>;
  /** Shader loader (default: the page's). */
  wgsl?: WGSLLoader;
  /** GPU provider (default: the page's shared device). */
  acquire?: () => Promise<GPUHandle | null>;
}

export interface SandValue {
  count: number;
  substeps: number;
  hashed: boolean;
  openWalls: boolean;
  engine: "gpu" | "cpu" | "starting";
  /** GPU ms per frame from timestamp-query (sum of passes), or null without it. */
  gpuMsPerFrame: number | null;
  /** Without timestamps: submit → work-done ms per frame (GPU) or the twin's ms (CPU). */
  frameMs: number | null;
  /** GPU ms per frame of each phase (null without timestamps). */
  passMs: {clear: number | null; count: number | null; scan: number | null; scatter: number | null; forces: number | null};
  /** Per substep: grains examined by the distance test, of which from hash collisions; touching pairs. */
  candidates: number;
  collisionCandidates: number;
  contactPairs: number;
  /** Frames since the last pour. */
  frames: number;
  /** GPU devices lost (and rebuilt on) so far. */
  deviceLosses: number;
}

const SAND_PALETTE: [number, number, number][] = [
  [0.83, 0.66, 0.42],
  [0.76, 0.58, 0.35],
  [0.9, 0.76, 0.52],
  [0.69, 0.52, 0.31],
  [0.86, 0.71, 0.47],
  [0.62, 0.46, 0.28],
];
const PHASE_INFO = [
  {key: "clear", label: "clear", note: "counts = 0"},
  {key: "count", label: "count", note: "atomicAdd"},
  {key: "scan", label: "scan", note: "3 dispatches"},
  {key: "scatter", label: "scatter", note: "A → B"},
  {key: "forces", label: "forces", note: "3×3, B → A"},
];
const ASPECT = 1.5;
const CPU_SHARE = 6; // the CPU twin runs count / 6 grains (2,000 at the default 12,000)
const fmt = (v: number) => v.toLocaleString("en-US");

/** Builds the sand widget. Bad options are clamped with a warning in the status line. */
export function createSandWidget(options: SandWidgetOptions = {}): HTMLElement {
  const shell = createSimShell({name: "sand", aspect: ASPECT, maxHeight: 520, invalidation: options.invalidation, label: "Sand grains falling into a pile in a box"});
  const warnings: string[] = [];
  const opt = optionReader(warnings);

  const state = {
    count: opt("count", options.count, SAND_DEFAULT_GRAINS, SAND_MIN_GRAINS, SAND_MAX_GRAINS),
    substeps: opt("substeps", options.substeps, 5, 1, 8),
    hashed: !!options.hashed,
    openWalls: !!options.openWalls && !!options.hashed,
  };
  const wgsl = options.wgsl ?? browserWGSL;
  const value: SandValue = {
    ...state,
    engine: "starting",
    gpuMsPerFrame: null,
    frameMs: null,
    passMs: {clear: null, count: null, scan: null, scatter: null, forces: null},
    candidates: 0,
    collisionCandidates: 0,
    contactPairs: 0,
    frames: 0,
    deviceLosses: 0,
  };
  shell.root.value = value;

  // ---- the pipeline diagram, above the canvas
  const diagram = createPipelineDiagram(PHASE_INFO);
  diagram.setSubsteps(state.substeps);
  shell.root.insertBefore(diagram.element, shell.stage);

  // ---- overlay: walls and the pointer's reach, in CSS px over the canvas
  const overlay = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  overlay.setAttribute("class", "sim-overlay");
  overlay.style.position = "absolute";
  overlay.style.touchAction = "none";
  overlay.style.cursor = "crosshair";
  shell.stage.append(overlay);
  const viewOf = (): WorldView => {
    const {width, height} = shell.size;
    const aspect = width > 0 && height > 0 ? width / height : ASPECT;
    if (state.openWalls) return {x0: -1.5, x1: 3.5, y0: -0.03, y1: -0.03 + 5 / aspect};
    return fitView({x0: -0.03, y0: -0.03, x1: 2.03, y1: 2.03}, width || ASPECT, height || 1);
  };
  function drawOverlay(pointer?: PointerState) {
    const c = shell.canvas;
    overlay.style.left = `${c.offsetLeft}px`;
    overlay.style.top = `${c.offsetTop}px`;
    overlay.style.width = `${shell.size.width}px`;
    overlay.style.height = `${shell.size.height}px`;
    const v = viewOf();
    const sx = (x: number) => ((x - v.x0) / (v.x1 - v.x0)) * shell.size.width;
    const sy = (y: number) => ((v.y1 - y) / (v.y1 - v.y0)) * shell.size.height;
    const walls = state.openWalls
      ? `<line x1="0" x2="${shell.size.width}" y1="${sy(0)}" y2="${sy(0)}" class="wall"/><path d="M${sx(0)},${sy(0)} V${sy(2)} H${sx(2)} V${sy(0)}" class="wall open"/>`
      : `<rect x="${sx(0)}" y="${sy(2)}" width="${sx(2) - sx(0)}" height="${sy(0) - sy(2)}" class="wall"/>`;
    const p = pointer ?? track.state;
    const ring =
      p.down && Number.isFinite(p.x) ? `<circle cx="${sx(p.x)}" cy="${sy(p.y)}" r="${sx(p.x + params.pointer.radius) - sx(p.x)}" class="pointer"/>` : "";
    overlay.innerHTML = walls + ring;
  }
  const params: SandParams = structuredClone(SAND_DEFAULTS);
  const track = trackPointer(overlay, viewOf, (p) => drawOverlay(p));
  shell.scope.onDispose(() => track.dispose());
  shell.onResize(() => drawOverlay());

  // ---- controls
  const logMin = Math.log(SAND_MIN_GRAINS), logMax = Math.log(SAND_MAX_GRAINS);
  const countInput = rangeControl("grains", {min: 0, max: 1000, value: Math.round(((Math.log(state.count) - logMin) / (logMax - logMin)) * 1000)});
  const countOut = document.createElement("output");
  const sliderToCount = (v: number) => Math.round(Math.exp(logMin + (v / 1000) * (logMax - logMin)) / 100) * 100;
  countOut.textContent = fmt(state.count);
  countInput.input.addEventListener("input", () => {
    countOut.textContent = fmt(sliderToCount(Number(countInput.input.value)));
  });
  countInput.input.addEventListener("change", () => {
    state.count = clampOption("grains", sliderToCount(Number(countInput.input.value)), SAND_MIN_GRAINS, SAND_MAX_GRAINS);
    countOut.textContent = fmt(state.count);
    engine?.pour();
  });
  countInput.label.append(countOut);
  const subInput = rangeControl("substeps per frame", {min: 1, max: 8, value: state.substeps});
  const subOut = document.createElement("output");
  subOut.textContent = String(state.substeps);
  subInput.label.append(subOut);
  subInput.input.addEventListener("input", () => {
    state.substeps = clampOption("substeps", subInput.input.value, 1, 8);
    subOut.textContent = String(state.substeps);
    diagram.setSubsteps(state.substeps);
  });
  const repour = button("Re-pour", () => engine?.pour(), {title: "Drop a fresh block of sand"});
  repour.dataset.action = "repour";
  const hashBtn = button("Spatial hash", () => setHashed(!state.hashed), {toggle: true, title: "Replace the dense cell index by a hash into a fixed table (Teschner et al. 2003)"});
  hashBtn.dataset.action = "hash";
  const wallsBtn = button("Open the walls", () => setOpen(!state.openWalls), {toggle: true, title: "Hash mode only: let the sand spill into an unbounded world"});
  wallsBtn.dataset.action = "walls";
  shell.controls.append(countInput.label, subInput.label, repour, hashBtn, wallsBtn);

  function syncButtons() {
    hashBtn.setAttribute("aria-pressed", String(state.hashed));
    wallsBtn.setAttribute("aria-pressed", String(state.openWalls));
    wallsBtn.disabled = !state.hashed;
    wallsBtn.textContent = state.openWalls ? "Close the walls" : "Open the walls";
  }
  function setHashed(h: boolean) {
    state.hashed = h;
    engine?.setHashed(h);
    if (!h && state.openWalls) {
      // the dense grid only covers the box: close it and start again
      state.openWalls = false;
      params.openWalls = false;
      engine?.pour();
    }
    syncButtons();
    drawOverlay();
  }
  function setOpen(o: boolean) {
    if (!state.hashed) return;
    const wasOpen = state.openWalls;
    state.openWalls = o;
    params.openWalls = o;
    if (wasOpen && !o) engine?.pour(); // grains outside cannot be put back in the box
    syncButtons();
    drawOverlay();
  }
  params.openWalls = state.openWalls;
  syncButtons();

  // ---- the panel
  const panelMain = document.createElement("div");
  const passTable = document.createElement("table");
  passTable.className = "pass-table";
  const hashLine = document.createElement("div");
  shell.panel.append(panelMain, passTable, hashLine);
  const ema: Record<string, number> = {};
  const smooth = (key: string, v: number, a = 0.1) => (ema[key] = ema[key] === undefined ? v : ema[key] + a * (v - ema[key]));
  let lastPanel = 0;
  function updatePanel(now: number, force = false) {
    if (!force && now - lastPanel < 250) return;
    lastPanel = now;
    Object.assign(value, state);
    const timeText =
      value.gpuMsPerFrame !== null
        ? `GPU time ${value.gpuMsPerFrame.toFixed(3)} ms per frame`
        : value.frameMs !== null
          ? value.engine === "cpu"
            ? `CPU twin ${value.frameMs.toFixed(1)} ms per frame`
            : `${value.frameMs.toFixed(2)} ms per frame from submit to done (no GPU timestamps here)`
          : "";
    const shown = value.engine === "cpu" ? cpuCount() : state.count;
    panelMain.textContent = `${fmt(shown)} grains · ${state.substeps} substep${state.substeps === 1 ? "" : "s"} per frame · ${timeText}`;
    const hasPass = value.passMs.forces !== null;
    const totalPass = SAND_PHASES.reduce((s, k) => s + (value.passMs[k] ?? 0), 0);
    passTable.innerHTML =
      `<tr><th>pass</th>${SAND_PHASES.map((k) => `<td>${k}</td>`).join("")}</tr>` +
      (hasPass
        ? `<tr><th>ms / frame</th>${SAND_PHASES.map((k) => `<td>${(value.passMs[k] ?? 0).toFixed(3)}</td>`).join("")}</tr>` +
          `<tr><th>share</th>${SAND_PHASES.map((k) => `<td>${totalPass > 0 ? (((value.passMs[k] ?? 0) / totalPass) * 100).toFixed(1) : "–"} %</td>`).join("")}</tr>`
        : `<tr><th>ms / frame</th><td colspan="5" class="na">${value.engine === "cpu" ? "the CPU twin runs here: no GPU passes to time" : "needs the timestamp-query feature, which this GPU does not offer"}</td></tr>`);
    hashLine.textContent = state.hashed
      ? `Hash collisions: ${fmt(value.collisionCandidates)} of ${fmt(value.candidates)} candidates per substep came from another cell sharing the bucket (${value.candidates ? ((value.collisionCandidates / value.candidates) * 100).toFixed(2) : "0"} %); the distance test drops them.`
      : `Dense grid: ${fmt(value.candidates)} candidates per substep, ${fmt(value.contactPairs)} touching pairs.`;
    setValue(shell.root, {...value, passMs: {...value.passMs}});
  }
  const cpuCount = () => Math.max(300, Math.round(state.count / CPU_SHARE));

  // ---- engines
  interface Engine {
    pour(): void;
    setHashed(h: boolean): void;
  }
  let engine: Engine | null = null;
  let loop: FrameLoop | null = null;
  const pointerParams = () => {
    const p = track.state;
    params.pointer.active = p.down && Number.isFinite(p.x);
    if (params.pointer.active) {
      params.pointer.x = p.x;
      params.pointer.y = p.y;
    }
  };

  void runOnGPU(shell, {
    acquire: options.acquire ?? (() => acquireGPU()),
    onLost() {
      value.deviceLosses++;
      value.engine = "starting";
      setValue(shell.root, {...value, passMs: {...value.passMs}});
    },
    async start(handle, scope) {
      const device = handle.device;
      const sand = await SandGPU.create(device, scope, wgsl, {maxParticles: SAND_MAX_GRAINS});
      scope.onDispose(() => sand.dispose());
      const renderer = await DiscRenderer.create(device, scope, {canvas: shell.canvas, wgsl});
      scope.onDispose(() => renderer.dispose());
      const statsRing = new StagingRing(scope, 16, 3);
      const timer = handle.timestamps
        ? PassTimer.create(device, scope, 8 * SAND_PHASES.length, (t: PassTimes) => {
            value.gpuMsPerFrame = smooth("total", t.total);
            for (const k of SAND_PHASES) value.passMs[k] = smooth(k, t.byLabel[k] ?? 0);
            diagram.setShares(value.passMs as Record<string, number>);
          })
        : null;
      if (!timer) diagram.setShares(null);
      sand.setHashed(state.hashed);
      const pour = () => {
        sand.load(pourSand(state.count, Math.floor(Math.random() * 1e9)));
        value.frames = 0;
      };
      pour();
      engine = {pour, setHashed: (h) => sand.setHashed(h)};
      value.engine = "gpu";
      shell.status.info(
        `Running on the GPU${handle.adapterInfo.description || handle.adapterInfo.vendor ? ` (${handle.adapterInfo.description || handle.adapterInfo.vendor})` : ""}, every grain re-sorted by cell every substep.`
      );
      if (warnings.length) shell.status.warn(warnings.join(" "));
      let inFlight = false;
      loop = frameLoop(
        shell.canvas,
        (_dt, now) => {
          pointerParams();
          sand.setParams(params);
          const enc = device.createCommandEncoder({label: "sand-frame"});
          const timed = timer ? timer.beginFrame() : false;
          sand.encodeFrame(enc, state.substeps, timed ? timer : null);
          const slot = statsRing.acquire();
          if (slot) statsRing.copy(enc, slot, sand.stats, 0, 0, 16);
          if (renderer.resize()) {
            renderer.encode(enc, sand.a, sand.count, viewOf(), {radius: params.radius * 1.05, colorMode: "id", palette: SAND_PALETTE});
          }
          if (timed) timer!.resolve(enc);
          const t0 = performance.now();
          device.queue.submit([enc.finish()]);
          if (timer) timer.commit();
          if (slot) {
            const subs = state.substeps;
            statsRing.commit(slot, (bytes) => {
              const s = new Uint32Array(bytes);
              value.candidates = Math.round(s[0] / subs);
              value.collisionCandidates = Math.round(s[1] / subs);
              value.contactPairs = Math.round(s[2] / 2 / subs);
            });
          }
          if (!timer && !inFlight) {
            inFlight = true;
            device.queue.onSubmittedWorkDone().then(() => {
              inFlight = false;
              value.frameMs = smooth("frame", performance.now() - t0);
            });
          }
          value.frames++;
          diagram.tick(now);
          updatePanel(now);
        },
        {invalidation: options.invalidation}
      );
      return () => {
        loop?.stop();
        loop = null;
        engine = null;
      };
    },
    fallback(reason) {
      startCPU(reason);
    },
  });

  function startCPU(reason: string) {
    if (shell.disposed) return;
    value.engine = "cpu";
    value.gpuMsPerFrame = null;
    diagram.setShares(null);
    const ctx = shell.canvas.getContext("2d");
    if (!ctx) {
      shell.status.error(`${fallbackMessage(reason)} This canvas cannot draw either.`);
      return;
    }
    let grains: PackedParticles = pourSand(cpuCount(), 1);
    const pour = () => {
      grains = pourSand(cpuCount(), Math.floor(Math.random() * 1e9));
      value.frames = 0;
      shell.status.warn(`${fallbackMessage(reason)} It simulates ${fmt(cpuCount())} grains instead of ${fmt(state.count)}.`);
    };
    engine = {pour, setHashed: () => {}};
    pour();
    const cpuLoop = frameLoop(
      shell.canvas,
      (_dt, now) => {
        pointerParams();
        const g = sandGrid(state.hashed);
        const t0 = performance.now();
        let stats = {candidates: 0, collided: 0, contacts: 0};
        for (let s = 0; s < state.substeps; s++) {
          const r = sandSubstepTwin(params, g, grains);
          grains = r.next;
          stats = r.stats;
        }
        value.frameMs = smooth("frame", performance.now() - t0);
        value.candidates = stats.candidates;
        value.collisionCandidates = stats.collided;
        value.contactPairs = stats.contacts / 2;
        drawCPU(ctx, grains);
        value.frames++;
        diagram.tick(now);
        updatePanel(now);
      },
      {invalidation: options.invalidation}
    );
    shell.scope.onDispose(() => cpuLoop.stop());
  }

  function drawCPU(ctx: CanvasRenderingContext2D, p: PackedParticles) {
    const c = shell.canvas;
    const dpr = Math.min(devicePixelRatio || 1, 3);
    const w = Math.round(c.clientWidth * dpr), h = Math.round(c.clientHeight * dpr);
    if (w <= 0 || h <= 0) return;
    if (c.width !== w) c.width = w;
    if (c.height !== h) c.height = h;
    const v = viewOf();
    const kx = w / (v.x1 - v.x0), ky = h / (v.y1 - v.y0);
    ctx.clearRect(0, 0, w, h);
    const r = Math.max(0.8, params.radius * 1.05 * kx);
    const colours = SAND_PALETTE.map(([R, G, B]) => `rgb(${R * 255},${G * 255},${B * 255})`);
    for (let ci = 0; ci < colours.length; ci++) {
      ctx.fillStyle = colours[ci];
      ctx.beginPath();
      for (let i = 0; i < p.count; i++) {
        const o = i * PARTICLE_WORDS;
        if (p.u32[o + 4] % colours.length !== ci) continue;
        const x = (p.f32[o] - v.x0) * kx, y = (v.y1 - p.f32[o + 1]) * ky;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
      ctx.fill();
    }
  }

  return shell.root;
}


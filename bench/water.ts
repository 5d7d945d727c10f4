/**
 * Benchmark of the SPH water substep (the essay's §5): GPU time per pass and per frame
 * (5 substeps) at 10k, 50k, 80k particles on the dense 256 × 256 grid and at 1M on a
 * 65,536-bucket spatial hash (a dense 256² grid cannot hold 1M particles at rest density),
 * while the dam is collapsing ("flowing") and after it settled; the CPU twin for comparison;
 * buffer memory; a stability summary; and snapshots of the 50k dam break at frames 0, 120
 * 600 and 1800 (0 s, 2 s, 10 s and 30 s of a 60 fps page) for the screenshots.
 *
 * Every GPU result is checked against the twin before timing (one substep at 10k).
 * Timing uses timestamp queries (GPU time, not wall time). Never a test. Run it as the
 * "water" suite of `npm run bench` (bench/run.ts), or alone:
 *   npm run bench:water -- --out data/bench/water.json   (bench/water-main.ts)
 * and on the NVIDIA machine via ../shared/gpu/prepare-device.sh bench/water-main.ts.
 */
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {gpuStats, type GPUHandle} from "../components/gpu/context.js";
import type {WGSLLoader} from "../components/gpu/wgsl.js";
import type {BenchSuite} from "./lib.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {readBuffers} from "../components/gpu/readback.js";
import {Usage} from "../components/gpu/usage.js";
import {denseGrid, type GridParams} from "../components/sort/grid.js";
import {PARTICLE_WORDS} from "../components/sort/particles.js";
import {WATER_DEFAULTS, H, waterGrid, type WaterParams} from "../components/water/params.js";
import {damBreak} from "../components/water/scene.js";
import {WaterGPU} from "../components/water/pipeline.js";
import {substepTwin} from "../components/water/twin.js";

const SUBSTEPS = 5;

export interface WaterBenchOptions {
  handle: GPUHandle;
  wgsl: WGSLLoader;
  /** a functional run with tiny settings (SwiftShader): figures not to be quoted */
  quick?: boolean;
  /** directory for the snapshots (null: none) */
  outDir: string | null;
  log?: (msg: string) => void;
}

/** Runs the whole water benchmark and returns its JSON record (see the module comment). */
export async function runWaterBench(options: WaterBenchOptions): Promise<Record<string, any>> {
  const {handle, quick = false, outDir} = options;
  const nodeWGSL = options.wgsl;
  const log = options.log ?? ((m: string) => console.log(m));
  const device = handle.device;
  if (!handle.timestamps) log("no timestamp-query: GPU times will be missing");
  const root = new ResourceScope(device);
  const querySet = handle.timestamps ? device.createQuerySet({type: "timestamp", count: 64}) : null;
  const resolveBuf = root.buffer({size: 64 * 8, usage: Usage.QUERY_RESOLVE | Usage.COPY_SRC});

  /** Encodes passes (each with a timestamp pair), submits, returns ms per pass. */
  async function timed(passes: ((p: GPUComputePassEncoder) => void)[]): Promise<number[]> {
    const enc = device.createCommandEncoder();
    passes.forEach((f, k) => {
      const pass = enc.beginComputePass(querySet ? {timestampWrites: {querySet, beginningOfPassWriteIndex: 2 * k, endOfPassWriteIndex: 2 * k + 1}} : {});
      f(pass);
      pass.end();
    });
    if (!querySet) {
      device.queue.submit([enc.finish()]);
      await device.queue.onSubmittedWorkDone();
      return passes.map(() => NaN);
    }
    enc.resolveQuerySet(querySet, 0, passes.length * 2, resolveBuf, 0);
    const [bytes] = await readBuffers(device, [{buffer: resolveBuf, size: passes.length * 16}], enc);
    const t = new BigUint64Array(bytes);
    return passes.map((_, k) => Number(t[2 * k + 1] - t[2 * k]) / 1e6);
  }

  const median = (xs: number[]) => {
    const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
    return s.length ? s[Math.floor(s.length / 2)] : null;
  };

  async function advance(sim: WaterGPU, substeps: number) {
    for (let s = 0; s < substeps; s += 200) await sim.step(Math.min(200, substeps - s));
  }

  async function maxPerCell(sim: WaterGPU) {
    const [c] = await readBuffers(device, [{buffer: sim.sorter.counts, size: sim.grid.numCells * 4}]);
    return Math.max(...new Uint32Array(c));
  }

  async function health(sim: WaterGPU, p: WaterParams) {
    const r = await sim.read();
    let bad = 0,
      outside = 0,
      mean = 0,
      maxSpeed = 0;
    for (let i = 0; i < r.particles.count; i++) {
      const o = i * PARTICLE_WORDS;
      const [x, y, vx, vy] = [r.particles.f32[o], r.particles.f32[o + 1], r.particles.f32[o + 2], r.particles.f32[o + 3]];
      if (![x, y, vx, vy].every(Number.isFinite)) bad++;
      if (!(x >= p.tank[0] && x <= p.tank[2] && y >= p.tank[1] && y <= p.tank[3])) outside++;
      mean += r.density[i];
      maxSpeed = Math.max(maxSpeed, Math.hypot(vx, vy));
    }
    return {nonFinite: bad, outsideTank: outside, meanDensity: mean / Math.max(1, r.particles.count), maxSpeed};
  }

  const REPEAT = 20;

  /**
   * GPU time per pass and per frame. Timestamps come quantised (Dawn rounds them to
   * 65.5 µs unless unsafe APIs are on), so each timed pass repeats its work REPEAT times
   * and the time is divided by REPEAT. Repeating is harmless: a sort of unchanged A into B,
   * a density pass over unchanged B and a force pass from unchanged B into A each give the
   * same result every time; only the frame pass really advances the simulation.
   */
  async function measure(sim: WaterGPU, reps: number) {
    const perPass = {sort: [] as number[], density: [] as number[], force: [] as number[]};
    const frame: number[] = [];
    const rep = (f: (p: GPUComputePassEncoder) => void) => (p: GPUComputePassEncoder) => {
      for (let k = 0; k < REPEAT; k++) f(p);
    };
    for (let r = 0; r < reps; r++) {
      const [s, d, f] = await timed([rep((p) => sim.encodeSort(p)), rep((p) => sim.encodeDensity(p)), rep((p) => sim.encodeForce(p))]);
      perPass.sort.push(s / REPEAT);
      perPass.density.push(d / REPEAT);
      perPass.force.push(f / REPEAT);
      const [fr] = await timed([rep((p) => sim.encodeSubsteps(p, SUBSTEPS))]);
      frame.push(fr / REPEAT);
    }
    return {
      sortMs: median(perPass.sort),
      densityMs: median(perPass.density),
      forceMs: median(perPass.force),
      substepMs: median(perPass.sort.map((s, i) => s + perPass.density[i] + perPass.force[i])),
      frameMs: median(frame),
      frameMsMin: Math.min(...frame),
      maxParticlesPerCell: await maxPerCell(sim),
    };
  }

  // ---- correctness gate: one substep equals the twin -------------------------------
  async function checkAgainstTwin() {
    const scope = root.child();
    const sim = await WaterGPU.create(device, scope, nodeWGSL, {maxParticles: 10_000});
    const p = WATER_DEFAULTS;
    const input = damBreak(10_000, p, 4);
    for (let i = 0; i < input.count; i++) input.f32[i * PARTICLE_WORDS + 2] = Math.sin(i) * 0.5;
    sim.setParams(p);
    sim.upload(input);
    await sim.step(1);
    const out = await sim.read();
    const twin = substepTwin(waterGrid(), p, input).particles;
    const slot = new Int32Array(out.particles.count);
    for (let s = 0; s < out.particles.count; s++) slot[out.particles.u32[s * PARTICLE_WORDS + 4]] = s;
    let worst = 0;
    for (let s = 0; s < twin.count; s++) {
      const id = twin.u32[s * PARTICLE_WORDS + 4];
      for (let c = 0; c < 4; c++) {
        const t = twin.f32[s * PARTICLE_WORDS + c],
          g = out.particles.f32[slot[id] * PARTICLE_WORDS + c];
        worst = Math.max(worst, Math.abs(g - t) / Math.max(Math.abs(t), 0.1));
      }
    }
    scope.dispose();
    if (!(worst < 1e-4)) throw new Error(`GPU substep differs from the twin: worst relative error ${worst}`);
    return worst;
  }

  const result: any = {
    date: new Date().toISOString(),
    adapter: handle.adapterInfo,
    timestamps: handle.timestamps,
    substepsPerFrame: SUBSTEPS,
    params: {...WATER_DEFAULTS},
    note: "GPU times (ms) are medians over repetitions of timestamp-query pairs around a compute pass that repeats the work 20 times, divided by 20 (Dawn quantises timestamps to 65.5 µs). A frame is 5 substeps in one pass. 'flowing' = 0.3 s after the dam opened (300 substeps), 'settled' = after 3,000 substeps (3 s). 1M runs on a 65,536-bucket spatial hash in a 6 × 2 tank.",
    twinCheckWorstRelError: await checkAgainstTwin(),
    runs: [] as any[],
  };

  const counts = quick ? [10_000] : [10_000, 50_000, 80_000, 1_000_000];
  const reps = quick ? 2 : 30;
  for (const n of counts) {
    const big = n > 100_000;
    const grid: GridParams = big ? {...denseGrid(256, 256, H), hashed: true, numCells: 65_536} : waterGrid();
    const p: WaterParams = big ? {...WATER_DEFAULTS, tank: [0, 0, 6, 2]} : {...WATER_DEFAULTS};
    const scope = root.child();
    const before = gpuStats().bytesLive;
    const sim = await WaterGPU.create(device, scope, nodeWGSL, {maxParticles: n, grid});
    const bytes = gpuStats().bytesLive - before;
    sim.setParams(p);
    sim.upload(damBreak(n, p));
    // warm-up (pipelines, caches), then the dam collapses for 0.3 s
    await advance(sim, quick ? 5 : 300);
    const flowing = await measure(sim, reps);
    await advance(sim, quick ? 5 : 2700);
    const settled = await measure(sim, reps);
    const h = await health(sim, p);
    result.runs.push({particles: n, grid: big ? "hashed 65,536" : "dense 256x256", bufferBytes: bytes, flowing, settled, after3000Substeps: h});
    log(`${n} ${JSON.stringify({flowing, settled, h})}`);
    scope.dispose();
  }

  // ---- hot cells: the same water packed twice as tightly (rest density 4.4) ------------------
  if (!quick) {
    const n = 80_000;
    const scope = root.child();
    const p: WaterParams = {...WATER_DEFAULTS, restDensity: 4.4};
    const sim = await WaterGPU.create(device, scope, nodeWGSL, {maxParticles: n});
    sim.setParams(p);
    sim.upload(damBreak(n, p));
    await advance(sim, 3000);
    const settled = await measure(sim, reps);
    result.hotCells = {
      particles: n,
      restDensity: 4.4,
      note: "twice the rest density: about twice the particles per cell",
      settled,
      after3000Substeps: await health(sim, p),
    };
    log(`hot ${JSON.stringify(result.hotCells)}`);
    scope.dispose();
  }

  // ---- the CPU twin, for comparison ----------------------------------------------------
  result.twin = [];
  for (const n of quick ? [10_000] : [10_000, 50_000]) {
    let s = damBreak(n, WATER_DEFAULTS);
    for (let k = 0; k < 3; k++) s = substepTwin(waterGrid(), WATER_DEFAULTS, s).particles; // warm-up
    const t0 = performance.now();
    const reps = 5;
    for (let k = 0; k < reps; k++) s = substepTwin(waterGrid(), WATER_DEFAULTS, s).particles;
    const ms = (performance.now() - t0) / reps;
    result.twin.push({particles: n, substepMs: ms, frameMs: ms * SUBSTEPS});
    log(`twin ${n} ${ms}`);
  }

  // ---- snapshots of the default dam break for the screenshots --------------------------
  if (!quick && outDir) {
    const n = 50_000;
    const scope = root.child();
    const sim = await WaterGPU.create(device, scope, nodeWGSL, {maxParticles: n});
    sim.setParams(WATER_DEFAULTS);
    sim.upload(damBreak(n, WATER_DEFAULTS));
    const dir = outDir;
    mkdirSync(dir, {recursive: true});
    let frame = 0;
    result.snapshots = [];
    for (const target of [0, 120, 600, 1800]) {
      await advance(sim, (target - frame) * SUBSTEPS);
      frame = target;
      await sim.step(0);
      const r = await sim.read();
      // x, y, density, speed per particle as f32
      const out = new Float32Array(n * 4);
      for (let i = 0; i < n; i++) {
        const o = i * PARTICLE_WORDS;
        out.set([r.particles.f32[o], r.particles.f32[o + 1], r.density[i], Math.hypot(r.particles.f32[o + 2], r.particles.f32[o + 3])], i * 4);
      }
      const file = `water-snapshot-frame${target}.f32`;
      writeFileSync(join(dir, file), Buffer.from(out.buffer));
      result.snapshots.push({
        frame,
        seconds60fps: frame / 60,
        simSeconds: frame * SUBSTEPS * WATER_DEFAULTS.dt,
        file,
        layout: "x, y, density, speed (f32 each)",
      });
    }
    scope.dispose();
  }
  result.validationErrors = handle.stats.validationErrors;
  querySet?.destroy();
  root.dispose();
  return result;
}

/** The water suite of `npm run bench` (bench/run.ts). */
export const waterSuite: BenchSuite = {
  name: "water",
  run: (ctx) => runWaterBench({handle: ctx.handle, wgsl: ctx.wgsl, quick: ctx.reps < 20, outDir: ctx.outDir, log: ctx.log}),
};

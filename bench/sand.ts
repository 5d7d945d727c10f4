/**
 * Sand benchmark (the essay's §4): GPU time per pass and per frame of the sand pipeline
 * (5 substeps of the phases of SAND_PHASES: count → scan → scatter → forces) at 2k, 12k and 30k grains,
 * dense and hashed; the CPU twin's time per substep for comparison; and the stability run
 * the unit tests cannot afford on SwiftShader (30,000 grains × 2,000 substeps: no NaN, none
 * outside the box, the pile settles), with a PNG snapshot of the settled pile.
 *
 * Each configuration is first run for `settleFrames` frames (the pile forms, so contacts
 * are realistic), then measured:
 *  - perPass: every phase of every substep in its own timestamped compute pass (sum per
 *    phase per frame); this split adds pass overhead;
 *  - onePass: all substeps in one compute pass with a begin/end timestamp — the way the
 *    page runs it; the headline "GPU ms per frame";
 *  - wall: submit → onSubmittedWorkDone per frame (includes submit and driver overhead).
 */
import {writeFileSync} from "node:fs";
import {join} from "node:path";
import {ResourceScope} from "../components/gpu/scope.js";
import {readBuffers} from "../components/gpu/readback.js";
import {SandGPU, SAND_DISPATCHES_PER_SUBSTEP, SAND_PHASES} from "../components/sand/gpu-sand.js";
import {SAND_DEFAULTS, sandGrid} from "../components/sand/params.js";
import {pourSand} from "../components/sand/pour.js";
import {kineticEnergyPerGrain, sandSubstepTwin} from "../components/sand/twin.js";
import {DiscPainter} from "../components/sim/renderer.js";
import {PARTICLE_BYTES, PARTICLE_WORDS, wrapParticles, type PackedParticles} from "../components/sort/particles.js";
import {FrameStamps, median, round, summary, wallClock, type BenchContext, type BenchSuite} from "./lib.js";
import {encodePNG} from "./png.js";

const SUBSTEPS = 5;

function settleCheck(p: PackedParticles) {
  let outside = 0,
    nan = 0,
    maxY = 0;
  for (let i = 0; i < p.count; i++) {
    const o = i * PARTICLE_WORDS;
    const x = p.f32[o],
      y = p.f32[o + 1];
    if (![x, y, p.f32[o + 2], p.f32[o + 3]].every(Number.isFinite)) nan++;
    if (!(x > 0 && x < 2 && y > 0 && y < 2)) outside++;
    maxY = Math.max(maxY, y);
  }
  return {nan, outside, kineticEnergyPerGrain: round(kineticEnergyPerGrain(p)), topOfPile: round(maxY, 4)};
}

export const sandSuite: BenchSuite = {
  name: "sand",
  async run(ctx: BenchContext) {
    const {device, handle} = ctx;
    const scope = new ResourceScope(device);
    const sand = await SandGPU.create(device, scope, ctx.wgsl, {maxParticles: 30000});
    const params = structuredClone(SAND_DEFAULTS);
    const stamps = handle.timestamps ? new FrameStamps(device, SUBSTEPS * SAND_PHASES.length + 1) : null;
    const settleFrames = Number(ctx.arg("settle-frames", "400")); // 2,000 substeps
    const COUNTS = ctx.arg("counts", "2000,12000,30000").split(",").map(Number);
    const configs: Record<string, unknown>[] = [];
    let stability: Record<string, unknown> | null = null;
    const settled = new Map<number, PackedParticles>();

    for (const hashed of [false, true]) {
      for (const n of COUNTS) {
        const label = `${n} grains, ${hashed ? "hashed" : "dense"}`;
        sand.setHashed(hashed);
        sand.load(pourSand(n, 7));
        sand.setParams(params);
        const t0 = performance.now();
        for (let f = 0; f < settleFrames; f++) {
          const enc = device.createCommandEncoder();
          sand.encodeFrame(enc, SUBSTEPS);
          device.queue.submit([enc.finish()]);
          if (f % 50 === 49) await device.queue.onSubmittedWorkDone();
        }
        await device.queue.onSubmittedWorkDone();
        const settleWall = performance.now() - t0;
        const [a, st] = await readBuffers(device, [
          {buffer: sand.a, size: n * PARTICLE_BYTES},
          {buffer: sand.stats, size: 16},
        ]);
        const state = wrapParticles(a, n);
        const check = settleCheck(state);
        if (!hashed) settled.set(n, state);
        const s = new Uint32Array(st);
        const rec: Record<string, unknown> = {
          grains: n,
          mode: hashed ? "hashed (65,536 buckets)" : "dense 256x256",
          substepsPerFrame: SUBSTEPS,
          dispatchesPerFrame: SUBSTEPS * SAND_DISPATCHES_PER_SUBSTEP,
          afterSettling: {substeps: settleFrames * SUBSTEPS, ...check, wallSeconds: round(settleWall / 1000, 4)},
          perSubstep: {
            candidates: Math.round(s[0] / SUBSTEPS),
            hashCollisionCandidates: Math.round(s[1] / SUBSTEPS),
            touchingPairs: Math.round(s[2] / 2 / SUBSTEPS),
          },
        };
        if (stamps) {
          // per pass (each phase its own timestamped pass)
          const keys = SAND_PHASES.map((p) => p.key);
          const encoders = sand.phaseEncoders();
          const per: Record<string, number[]> = Object.fromEntries(keys.map((k) => [k, []]));
          const perTotal: number[] = [];
          for (let r = 0; r < ctx.warmup + ctx.reps; r++) {
            stamps.begin();
            const enc = device.createCommandEncoder();
            sand.clearStats(enc);
            for (let k = 0; k < SUBSTEPS; k++) {
              for (const k of keys) {
                const pass = enc.beginComputePass({timestampWrites: stamps.writes(k)});
                encoders[k](pass);
                pass.end();
              }
            }
            const t = await stamps.read(enc);
            if (r < ctx.warmup) continue;
            for (const k of keys) per[k].push(t.byLabel[k] ?? 0);
            perTotal.push(t.total);
          }
          rec.perPassMsPerFrame = Object.fromEntries(keys.map((k) => [k, summary(per[k])]));
          rec.perPassTotalMsPerFrame = summary(perTotal);
          const tot = median(perTotal);
          rec.perPassShare = Object.fromEntries(keys.map((k) => [k, round(median(per[k]) / tot, 3)]));
          // one pass, all substeps (as the page runs it)
          const one: number[] = [];
          for (let r = 0; r < ctx.warmup + ctx.reps; r++) {
            stamps.begin();
            const enc = device.createCommandEncoder();
            sand.clearStats(enc);
            const pass = enc.beginComputePass({timestampWrites: stamps.writes("frame")});
            for (let k = 0; k < SUBSTEPS; k++) sand.encodeSubstep(pass);
            pass.end();
            const t = await stamps.read(enc);
            if (r >= ctx.warmup) one.push(t.total);
          }
          rec.onePassGpuMsPerFrame = summary(one);
          if (n === 30000)
            try {
              // how the frame scales with substeps (a fixed cost per substep: 7 dispatches)
              const bySub: Record<string, unknown> = {};
              for (const subs of [1, 2, 8]) {
                const t: number[] = [];
                for (let r = 0; r < ctx.warmup + ctx.reps; r++) {
                  stamps.begin();
                  const enc = device.createCommandEncoder();
                  const pass = enc.beginComputePass({timestampWrites: stamps.writes("frame")});
                  for (let k = 0; k < subs; k++) sand.encodeSubstep(pass);
                  pass.end();
                  const res = await stamps.read(enc);
                  if (r >= ctx.warmup) t.push(res.total);
                }
                bySub[String(subs)] = summary(t);
              }
              rec.onePassGpuMsBySubsteps = bySub;
            } catch (e) {
              ctx.log(`by-substeps timing failed: ${(e as Error).message}`);
            }
        }
        rec.wallMsPerFrame = summary(await wallClock(device, ctx.reps, ctx.warmup, (enc) => sand.encodeFrame(enc, SUBSTEPS)));
        configs.push(rec);
        ctx.log(`${label}: ${JSON.stringify({onePass: rec.onePassGpuMsPerFrame, wall: rec.wallMsPerFrame, settle: check})}`);

        if (!hashed && ctx.outDir) {
          try {
            await snapshot(ctx, sand, n, params.radius, join(ctx.outDir, `sand-${n}-settled.png`));
          } catch (e) {
            ctx.log(`snapshot failed: ${(e as Error).message}`);
          }
        }
        if (n === 30000 && !hashed) {
          stability = {
            what: `30,000 grains poured from the top, ${settleFrames * SUBSTEPS} substeps (5 per frame), dense grid, closed box`,
            ...check,
            pass: check.nan === 0 && check.outside === 0 && (check.kineticEnergyPerGrain ?? 1) < 1e-3,
          };
        }
      }
    }

    // the CPU twin, per substep, from the GPU's settled pile (realistic contacts)
    const twin: Record<string, unknown>[] = [];
    for (const n of COUNTS) {
      const g = sandGrid(false);
      let p = settled.get(n) ?? pourSand(n, 7);
      const times: number[] = [];
      const reps = Math.min(ctx.reps, n >= 30000 ? 10 : 20);
      for (let r = 0; r < 3 + reps; r++) {
        const t0 = performance.now();
        p = sandSubstepTwin(params, g, p).next;
        if (r >= 3) times.push(performance.now() - t0);
      }
      twin.push({grains: n, msPerSubstep: summary(times), msPerFrame: round(median(times) * SUBSTEPS)});
      ctx.log(`twin ${n}: ${round(median(times))} ms per substep`);
    }
    stamps?.destroy();
    sand.dispose();
    scope.dispose();
    return {
      substepsPerFrame: SUBSTEPS,
      phases: SAND_PHASES.map((p) => p.key),
      configs,
      stability,
      cpuTwin: twin,
      target: "30,000 grains x 5 substeps <= 0.5 ms GPU time per frame (H200)",
    };
  },
};

/** Renders the grains (coloured by speed) off-screen and writes a PNG. */
async function snapshot(ctx: BenchContext, sand: SandGPU, n: number, radius: number, path: string) {
  const device = ctx.device;
  const W = 768,
    H = 768;
  const scope = new ResourceScope(device);
  const painter = await DiscPainter.create(device, scope, ctx.wgsl, "rgba8unorm", [0.96, 0.96, 0.96, 1]);
  const tex = device.createTexture({size: [W, H], format: "rgba8unorm", usage: 0x10 | 0x01});
  const enc = device.createCommandEncoder();
  painter.encodeTo(enc, tex.createView(), W, sand.a, n, {x0: 0, y0: 0, x1: 2, y1: 2}, {radius, colorMode: "speed", scalarRange: [0, 0.2]});
  const out = device.createBuffer({size: W * H * 4, usage: 0x08 | 0x01});
  enc.copyTextureToBuffer({texture: tex}, {buffer: out, bytesPerRow: W * 4}, [W, H]);
  device.queue.submit([enc.finish()]);
  await out.mapAsync(1);
  writeFileSync(path, encodePNG(W, H, new Uint8Array(out.getMappedRange().slice(0))));
  out.destroy();
  tex.destroy();
  scope.dispose();
}

/**
 * The Worlds from Dust substep as one more pipeline of the benchmark harness
 * (components/bench/harness.ts): kick–drift, the Barnes–Hut far field (components/gravity/gpu.ts),
 * the near field (the hashed contact grid and the contact kernel), the kick and the merge
 * (flags, the §3 scan, compaction) and the momentum ledger of components/dust/gpu.ts, on a fresh dust disc of N grains
 * (discScene(n, 1)). Its passes sit between buffer copies, so it is a command-encoder pipeline
 * (`encodeStep`), each pass timed by its label. Node only: `npm run bench -- --pipelines dust
 * --counts 20000,150000,1000000`.
 *
 * The twin check: at DUST_CHECK_BODIES grains of a crowded cloud, one substep on the GPU and on
 * the CPU twin must leave the same survivors in the same order with the same masses (exact), and
 * positions within 1e-5 (world units; the cloud spans 1).
 */
import {DustGPU, dustTableSize} from "../dust/gpu.js";
import {discScene, cloudScene} from "../dust/scene.js";
import {DustTwin} from "../dust/twin.js";
import type {Bodies} from "../gravity/bodies.js";
import {GRAVITY_PHASES, gravityBufferBytes} from "../gravity/gpu.js";
import type {DustParams} from "../dust/params.js";
import type {PipelineSpec} from "./pipelines.js";

/** Grains of the twin check (a crowded cloud, seed 11). */
const DUST_CHECK_BODIES = 1000;

/** The timed passes of one dust substep, in order (the gravity passes, the near field between walk and kick, the momentum ledger, the merge last). */
const DUST_BENCH_PASSES = [...GRAVITY_PHASES.filter((p) => p !== "kick"), "near", "kick", "momentum", "merge"];

type DustScene = {bodies: Bodies; params: DustParams};

export const dustSpec: PipelineSpec<DustScene> = {
  name: "dust",
  checkCap: DUST_CHECK_BODIES,
  memory: (n) => ({
    largestBuffer: Math.max(dustTableSize(n) * 4, n * 24),
    total: gravityBufferBytes(Math.max(n, 1)) + n * (2 * 24 + 2 * 16 + 8 + 12) + Math.ceil(n / 4096) * 32 + dustTableSize(n) * 12,
  }),
  compulsoryBytes: (n) => ({
    bytes: n * (8 * 32 + 24 * 4 + 32 + 32 * 3),
    formula: "N × (8 × 32 B gravity step + 4 × 24 B pack and sort + 32 B momentum ledger + 3 × 32 B merge: flags, compaction, copy back)",
  }),
  scene: (n) => discScene(n, 1),
  async create(ctx, input) {
    const d = await DustGPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: Math.max(1, input.bodies.n)});
    d.setParams(input.params);
    d.setBodies(input.bodies);
    return {
      particles: input.bodies.n,
      scene: `dust disc (discScene(n, 1): grains of mass 1 between radii 1 and 2.5 round a star, filling 0.1), merging on, a fresh disc; the compaction's scan in ${d.compactor.scanBlocks} blocks`,
      passes: DUST_BENCH_PASSES.map((label) => ({
        label,
        encode: () => {
          throw new TypeError("the dust's passes are recorded by encodeStep");
        },
      })),
      encodeStep: (enc, timer) => d.encodeSubstep(enc, timer),
      dispose: () => d.dispose(),
    };
  },
  async check(ctx) {
    const {bodies, params} = cloudScene(DUST_CHECK_BODIES, 11, {radius: 0.5, unitRadius: 0.006});
    const d = await DustGPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: DUST_CHECK_BODIES});
    try {
      d.setParams(params);
      d.setBodies(bodies);
      d.step(1);
      const twin = new DustTwin(bodies, params);
      twin.step();
      const state = await d.readState();
      d.setCount(state.count);
      const out = await d.readBodies();
      let same = out.n === twin.count;
      let worst = 0;
      for (let s = 0; same && s < out.n; s++) {
        same = out.id[s] === twin.bodies.id[s] && out.m[s] === twin.bodies.m[s];
        worst = Math.max(worst, Math.abs(out.x[s] - twin.bodies.x[s]), Math.abs(out.y[s] - twin.bodies.y[s]));
      }
      return {
        ok: same && worst < 1e-5,
        what: `at ${DUST_CHECK_BODIES.toLocaleString("en-US")} grains (a crowded cloud), one substep: survivors, their order and masses equal the twin's exactly; worst = max position difference`,
        worst: same ? worst : Infinity,
        tolerance: 1e-5,
        detail: same ? "" : `survivors differ: GPU ${out.n}, twin ${twin.count}`,
      };
    } finally {
      d.dispose();
    }
  },
};

/**
 * Benchmark of the §1–§2 demos' work (the essay's §1 and §2): the brute-force contact step on the
 * CPU for 200–4,000 discs, the grid step (CPU counting sort + 3×3 window) for 3,500 discs,
 * and the GPU grid query (upload + sort + query + readback) through Dawn. Every answer is
 * checked against its oracle before timing. Also reports the settled figures the essay
 * quotes (touching pairs, window sizes, candidate pairs).
 *
 * Usage: tsx bench/contacts.ts [--quick] [--out result.json]
 */
import {writeFileSync} from "node:fs";
import {bruteForceStep, CONTACT_DEFAULTS, countTouching, scatterDiscs, settledPile} from "../components/contacts/physics.js";
import {cellOf, demoGrid, GRID_DEMO_DEFAULTS, gridContactStep, gridQueryTwin, packDiscs} from "../components/contacts/grid-query.js";
import {sortTwin} from "../components/sort/twin.js";
import {GridQueryGPU} from "../components/contacts/grid-query-gpu.js";
import {acquireGPU} from "../components/gpu/context.js";
import {nodeGPU, nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {summarize} from "../components/sim/timing.js";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const outIdx = args.indexOf("--out");
const out = outIdx >= 0 ? args[outIdx + 1] : null;
const median = (xs: number[]) => summarize(xs).median;
const result: any = {node: process.version, quick, brute: [], settled: {}, grid: {}, gpu: null};

function check(cond: boolean, what: string) {
  if (!cond) throw new Error(`oracle check failed: ${what}`);
}

// 1. brute force, ms per step
for (const n of [200, 500, 1000, 2000, 4000]) {
  const d = scatterDiscs(n, CONTACT_DEFAULTS, 1);
  const fx = new Float64Array(n),
    fy = new Float64Array(n);
  const x = Array.from(d.x),
    y = Array.from(d.y);
  const first = bruteForceStep(d, CONTACT_DEFAULTS, null, fx, fy);
  check(first.checks === (n * (n - 1)) / 2 && first.touching === countTouching(x, y, CONTACT_DEFAULTS.radius), `brute force n=${n}`);
  for (let i = 0; i < 10; i++) bruteForceStep(d, CONTACT_DEFAULTS, null, fx, fy);
  const times: number[] = [];
  for (let i = 0; i < (quick ? 5 : n > 2000 ? 30 : 60); i++) {
    const t0 = performance.now();
    bruteForceStep(d, CONTACT_DEFAULTS, null, fx, fy);
    times.push(performance.now() - t0);
  }
  result.brute.push({n, checksPerStep: first.checks, msPerStepMedian: median(times), nsPerCheck: (median(times) * 1e6) / first.checks});
  console.log(`brute force n=${n}: ${median(times).toFixed(2)} ms/step, ${((median(times) * 1e6) / first.checks).toFixed(2)} ns/check`);
}

// 2. settled brute-force piles: touching pairs over time
for (const n of quick ? [2000] : [2000, 4000]) {
  const d = scatterDiscs(n, CONTACT_DEFAULTS, 1);
  const fx = new Float64Array(n),
    fy = new Float64Array(n);
  const trace: {step: number; touching: number}[] = [];
  let maxTouching = 0;
  const steps = quick ? 200 : 2500;
  for (let s = 1; s <= steps; s++) {
    const st = bruteForceStep(d, CONTACT_DEFAULTS, null, fx, fy);
    maxTouching = Math.max(maxTouching, st.touching);
    if (s % 250 === 0) trace.push({step: s, touching: st.touching});
  }
  const last = trace[trace.length - 1]?.touching ?? 0;
  result.settled[n] = {
    steps,
    simSeconds: steps * CONTACT_DEFAULTS.dt,
    touchingAtEnd: last,
    usefulSharePercent: (100 * last) / ((n * (n - 1)) / 2),
    maxTouching,
    trace,
  };
  console.log(`settled n=${n}: ${last} touching pairs after ${steps} steps (${((100 * last) / ((n * (n - 1)) / 2)).toFixed(3)} % of checks)`);
}

// 3. grid step for 3,500 discs
{
  const g = demoGrid();
  const n = 3500;
  const d = settledPile(n, GRID_DEMO_DEFAULTS, 1);
  const ids = Uint32Array.from({length: n}, (_, i) => i);
  const fx = new Float64Array(n),
    fy = new Float64Array(n);
  const settle = quick ? 100 : 1500;
  let st = gridContactStep(d, ids, g, GRID_DEMO_DEFAULTS, null, fx, fy);
  for (let s = 1; s < settle; s++) st = gridContactStep(d, ids, g, GRID_DEMO_DEFAULTS, null, fx, fy);
  const xs = Array.from({length: n}),
    ys = Array.from({length: n});
  for (let s = 0; s < n; s++) {
    const o = s * 6;
    xs[s] = st.layout.sorted.f32[o];
    ys[s] = st.layout.sorted.f32[o + 1];
  }
  check(st.touching === countTouching(xs as number[], ys as number[], GRID_DEMO_DEFAULTS.radius), "grid step touching");
  let maxY = 0;
  for (let i = 0; i < n; i++) maxY = Math.max(maxY, d.y[i]);
  const floor = gridQueryTwin(g, st.layout, [12, 1]);
  const topCell = cellOf(g, 1, maxY - GRID_DEMO_DEFAULTS.radius * 2);
  const top = gridQueryTwin(g, st.layout, topCell);
  check(floor.candidatePairs === st.candidatePairs, "twin candidate pairs = step's candidate pairs");
  const times: number[] = [];
  for (let i = 0; i < (quick ? 10 : 200); i++) {
    const t0 = performance.now();
    gridContactStep(d, ids, g, GRID_DEMO_DEFAULTS, null, fx, fy);
    times.push(performance.now() - t0);
  }
  result.grid = {
    n,
    afterSteps: settle,
    candidatePairs: st.candidatePairs,
    allPairs: (n * (n - 1)) / 2,
    touching: st.touching,
    windowFloor: floor.windowIds.length,
    windowTop: top.windowIds.length,
    topCell,
    msPerStepMedian: median(times),
  };
  console.log(
    `grid n=3500: ${median(times).toFixed(2)} ms/step; candidates ${st.candidatePairs}, touching ${st.touching}, window floor ${floor.windowIds.length}, top ${top.windowIds.length} at ${topCell}`
  );

  // 4. GPU query (Dawn): upload + sort + query + readback round trip, checked against the twin
  const handle = await acquireGPU({gpu: await nodeGPU()});
  if (handle) {
    const scope = new ResourceScope(handle.device);
    const q = await GridQueryGPU.create(handle.device, scope, nodeWGSL, n, g);
    const packed = packDiscs(d, ids);
    const twin = gridQueryTwin(g, sortTwin(g, packDiscs(d, ids)), [12, 1]);
    const r = await q.run(packed, [12, 1]);
    check(r.candidateSum === twin.candidateSum && JSON.stringify(r.windowIds) === JSON.stringify(twin.windowIds), "GPU query = twin");
    for (let i = 0; i < 5; i++) await q.run(packed, [12, 1]);
    const times2: number[] = [];
    for (let i = 0; i < (quick ? 5 : 100); i++) {
      const t0 = performance.now();
      await q.run(packed, [12, 1]);
      times2.push(performance.now() - t0);
    }
    result.gpu = {adapter: handle.adapterInfo, msRoundTripMedian: median(times2), validationErrors: handle.stats.validationErrors};
    console.log(`GPU query round trip (${handle.adapterInfo.vendor} ${handle.adapterInfo.architecture}): ${median(times2).toFixed(3)} ms`);
    scope.dispose();
  }
}

if (out) writeFileSync(out, JSON.stringify(result, null, 2));
process.exit(0);

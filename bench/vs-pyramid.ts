/**
 * The gravity page's Barnes–Hut step against the original series' part-one solver (a mass
 * pyramid: a complete quadtree of fixed grid levels, built by atomics into its finest grid),
 * on the same bodies, each with its own kernels. This file is the project's side; the
 * original's side is run from a build of its public repository kept outside this one
 * (bench/README.md, "Side by side with the original"). Both read one bodies file that this
 * script writes, so the two force errors are measured against the same exact sums.
 *
 *   npx tsx bench/vs-pyramid.ts --write-bodies DIR [--counts 20000,300000] [--sample 2000]
 *       the original page's disc (radius 0.9, total mass 40,960, G 1.6e-6, softening 0.05,
 *       masses uniform in [1, 4) scaled to the total, circular speed from the enclosed mass
 *       with dispersion 0.12 of it) at each count, seeded, with the exact accelerations of a
 *       sample of bodies (float64, every other body, softened like both solvers) → DIR/bodies-N.bin
 *   npx tsx bench/vs-pyramid.ts --bodies DIR [--thetas 0.3,0.5,0.75] [--reps 30] --out FILE
 *       this project's step on each file: force error of the sample (median, p99) per θ and
 *       walk, step time (GPU timestamps, medians of `reps` steps recorded back to back behind
 *       a queued warm-up), per pass; the exact O(N²) step too (error 0 by definition here).
 *
 * File format (little-endian): u32 n, u32 s, f32 x[n], y[n], vx[n], vy[n], m[n], u32 sample[s],
 * f64 exactAx[s], exactAy[s].
 */
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {GravityGPU, supportsSubgroupWalk, type WalkKind} from "../components/gravity/gpu.js";
import {allocBodies, type Bodies} from "../components/gravity/bodies.js";
import {directAccelerations} from "../components/gravity/direct.js";
import {nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {quantile} from "../components/sim/timing.js";
import {mulberry32} from "../components/sim/rng.js";
import {benchGPU} from "./dawn.js";
import {timeDirect, timeStep} from "./gravity.js";

/** The original part one's page parameters (facts read from its repository at bcf2f76). */
export const PYRAMID_PAGE = {G: 1.6e-6, softening: 0.05, dt: 0.016, theta: 0.75, totalMass: 40960, radius: 0.9, dispersion: 0.12};

const arg = (name: string, def = "") => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
};
const round = (v: number, d = 4) => (Number.isFinite(v) ? Number(v.toPrecision(d)) : null);

/**
 * A uniform disc of `n` bodies in the original page's set-up: radius R, masses uniform in
 * [1, 4) scaled to `totalMass`, circular speed √(G M(<r) / √(r² + ε²)) with M(<r) = M r²/R²,
 * plus Gaussian dispersion of `dispersion` × that speed per axis. Seeded (mulberry32).
 */
export function pyramidDisc(n: number, seed = 1): Bodies {
  const P = PYRAMID_PAGE;
  const rnd = mulberry32(seed);
  const b = allocBodies(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += b.m[i] = 1 + 3 * rnd();
  const scale = P.totalMass / total;
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(rnd(), 1e-12))) * Math.cos(2 * Math.PI * rnd());
  for (let i = 0; i < n; i++) {
    b.m[i] *= scale;
    const r = P.radius * Math.sqrt(rnd());
    const a = 2 * Math.PI * rnd();
    const vc = Math.sqrt((P.G * P.totalMass * (r * r)) / (P.radius * P.radius) / Math.sqrt(r * r + P.softening ** 2));
    b.x[i] = r * Math.cos(a);
    b.y[i] = r * Math.sin(a);
    b.vx[i] = -Math.sin(a) * vc + gauss() * P.dispersion * vc;
    b.vy[i] = Math.cos(a) * vc + gauss() * P.dispersion * vc;
  }
  return b;
}

function writeBodies(file: string, b: Bodies, sample: Uint32Array, ex: {ax: Float64Array; ay: Float64Array}) {
  const n = b.n,
    s = sample.length;
  const buf = Buffer.alloc(8 + 20 * n + 4 * s + 16 * s);
  buf.writeUInt32LE(n, 0);
  buf.writeUInt32LE(s, 4);
  let o = 8;
  for (const a of [b.x, b.y, b.vx, b.vy, b.m]) {
    Buffer.from(a.buffer, a.byteOffset, 4 * n).copy(buf, o);
    o += 4 * n;
  }
  Buffer.from(sample.buffer).copy(buf, o);
  o += 4 * s;
  for (const a of [ex.ax, ex.ay]) {
    Buffer.from(a.buffer).copy(buf, o);
    o += 8 * s;
  }
  writeFileSync(file, buf);
}

function readBodies(file: string) {
  const raw = readFileSync(file);
  const buf = raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength);
  const v = new DataView(buf);
  const n = v.getUint32(0, true),
    s = v.getUint32(4, true);
  const b = allocBodies(n);
  let o = 8;
  for (const a of [b.x, b.y, b.vx, b.vy, b.m]) {
    a.set(new Float32Array(buf, o, n));
    o += 4 * n;
  }
  const sample = new Uint32Array(buf.slice(o, o + 4 * s));
  o += 4 * s;
  const ax = new Float64Array(buf.slice(o, o + 8 * s));
  o += 8 * s;
  const ay = new Float64Array(buf.slice(o, o + 8 * s));
  return {b, sample, exact: {ax, ay}};
}

/** Median and p99 of |a − exact| / |exact| over the sample, reading a GPU body order by id. */
function sampleErrors(gpu: {n: number; id: Uint32Array; ax: Float32Array; ay: Float32Array}, sample: Uint32Array, exact: {ax: Float64Array; ay: Float64Array}) {
  const at = new Map<number, number>();
  for (let k = 0; k < gpu.n; k++) at.set(gpu.id[k], k);
  const errs = Array.from(sample, (i, s) => {
    const k = at.get(i)!;
    const norm = Math.hypot(exact.ax[s], exact.ay[s]) || 1;
    return Math.hypot(gpu.ax[k] - exact.ax[s], gpu.ay[k] - exact.ay[s]) / norm;
  });
  return {median: round(quantile(errs, 0.5), 3), p99: round(quantile(errs, 0.99), 3), sample: errs.length};
}

async function main() {
  const counts = arg("counts", "20000,300000").split(",").map(Number);
  const out = arg("write-bodies");
  if (out) {
    mkdirSync(out, {recursive: true});
    for (const n of counts) {
      const b = pyramidDisc(n, 7);
      const stride = Math.max(1, Math.floor(n / Number(arg("sample", "2000"))));
      const sample = Uint32Array.from({length: Math.floor(n / stride)}, (_, k) => k * stride);
      writeBodies(join(out, `bodies-${n}.bin`), b, sample, directAccelerations(b, PYRAMID_PAGE.G, PYRAMID_PAGE.softening, undefined, sample));
      console.log(`wrote ${join(out, `bodies-${n}.bin`)}: ${n} bodies, sample ${sample.length}`);
    }
    return;
  }
  const dir = arg("bodies");
  if (!dir) throw new Error("--bodies DIR or --write-bodies DIR");
  const files = readdirSync(dir)
    .filter((f) => /^bodies-\d+\.bin$/.test(f))
    .sort((p, q) => parseInt(p.slice(7)) - parseInt(q.slice(7)));
  const thetas = arg("thetas", "0.3,0.5,0.75,1").split(",").map(Number);
  const reps = Number(arg("reps", "30"));
  const handle = await benchGPU();
  const device = handle.device;
  const scope = new ResourceScope(device);
  const wgsl = nodeWGSL;
  const walks: WalkKind[] = supportsSubgroupWalk(device) ? ["thread", "subgroup"] : ["thread"];
  const rows: any[] = [];
  const t0 = performance.now();
  for (const f of files) {
    const {b, sample, exact} = readBodies(join(dir, f));
    const levels = arg("direct-level-workgroups");
    const g = await GravityGPU.create(device, scope, wgsl, {maxBodies: b.n, ...(levels ? {directLevelWorkgroups: Number(levels)} : {})});
    for (const walk of walks) {
      await g.setWalk(walk, wgsl);
      for (const theta of thetas) {
        g.setParams({G: PYRAMID_PAGE.G, softening: PYRAMID_PAGE.softening, dt: PYRAMID_PAGE.dt, theta});
        g.setBodies(b, "barnes-hut");
        const error = sampleErrors(await g.readBodies(), sample, exact);
        g.setBodies(b, "barnes-hut");
        const t = await timeStep(g, device, scope, reps);
        const row = {bodies: b.n, walk, theta, stepMs: t.stepSpanMs, stepP10P90Ms: t.stepSpanP10P90Ms, passesMs: t.passesMs, forceError: error};
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    }
    g.setParams({G: PYRAMID_PAGE.G, softening: PYRAMID_PAGE.softening, dt: PYRAMID_PAGE.dt});
    g.setBodies(b, "direct");
    const direct = {
      bodies: b.n,
      walk: "direct",
      theta: null,
      stepMs: await timeDirect(g, device, scope, Math.min(reps, b.n > 100000 ? 5 : reps)),
      forceError: sampleErrors(await g.readBodies(), sample, exact),
    };
    console.log(JSON.stringify(direct));
    rows.push(direct);
  }
  const info = handle.adapterInfo;
  const json = {
    what: "this project's 2D Barnes–Hut step (components/gravity/gpu.ts) on the original part one's disc, force error against the exact O(N²) sum of a sample of bodies",
    date: new Date().toISOString(),
    adapter: {vendor: info.vendor, architecture: info.architecture, description: info.description},
    params: PYRAMID_PAGE,
    reps,
    seconds: round((performance.now() - t0) / 1000, 3),
    rows,
  };
  const file = arg("out");
  if (file) writeFileSync(file, `${JSON.stringify(json, null, 1)}\n`);
  console.log(`done in ${json.seconds} s`);
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * Substep-length study of the SPH water on its CPU twin (components/water/twin.ts): the
 * §5 dam break at one count and one substep length dt, run for the same simulated time
 * as every other dt, sampled every `--sample-ms` of simulated time. What it records:
 *  - NaN / infinite particles, particles outside the tank (after the twin's hard clamp
 *    none can be: a count above 0 means the clamp itself failed);
 *  - mean density (vs ρ₀) and its last-half-second average (the water at rest);
 *  - max speed, and the share of particle-substeps that ended at the speed clamp;
 *  - |Σv| / Σ|v| in each sample's JSON (walls and gravity act on the tank, so it is no test of
 *    momentum and the table leaves it out; the momentum test is tests/unit/water-gpu.test.ts's
 *    pressure-only run, at the default dt);
 *  - the "looks the same" proxies: the water's centre of mass (x, y), its spread (standard
 *    deviation of x and y) and its front (the 99th-percentile x) over simulated time, to be
 *    compared with the 1 ms run sample by sample (`--compare`).
 *
 *   npx tsx bench/water-dt-study.ts --count 10000 --dt-ms 1.6667 [--seconds 3] [--clamp-h 0.45]
 *        [--xsph 0.03 | --xsph-rate] [--out data/water-dt/…json]
 *   npx tsx bench/water-dt-study.ts --compare data/water-dt   (the table, vs each count's dt = 1 run)
 *
 * `--clamp-h f`: maxSpeed = f·h/dt (the defaults' CFL-like clamp; 0.45 at dt = 1 ms). `--xsph-rate`
 * scales XSPH with dt (xsph · dt / 1 ms), so its smoothing per simulated second stays the
 * 1 ms run's (XSPH is applied once per substep, not per second). Writes one JSON per run.
 * Not a test: the stability tests (tests/soak/water-stability.test.ts, the unit tier) assert.
 */
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {PARTICLE_WORDS} from "../components/sort/particles.js";
import {H, WATER_DEFAULTS, waterGrid, type WaterParams} from "../components/water/params.js";
import {damBreak} from "../components/water/scene.js";
import {substepTwin} from "../components/water/twin.js";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}

interface Sample {
  t: number;
  comX: number;
  comY: number;
  sdX: number;
  sdY: number;
  front: number;
  meanDensity: number;
  maxSpeed: number;
  clampShare: number;
  momentumRatio: number;
}

interface Run {
  count: number;
  dtMs: number;
  clampH: number;
  xsph: number;
  maxSpeed: number;
  set?: Record<string, number>;
  from?: string;
  seconds: number;
  substeps: number;
  nonFinite: number;
  outside: number;
  wallMs: number;
  samples: Sample[];
}

function study(): Run {
  const count = Number(arg("count", "10000"));
  const dtMs = Number(arg("dt-ms", "1"));
  const seconds = Number(arg("seconds", "3"));
  const clampH = Number(arg("clamp-h", "0.45"));
  const sampleMs = Number(arg("sample-ms", "50"));
  const dt = dtMs / 1000;
  const xsph = process.argv.includes("--xsph-rate") ? WATER_DEFAULTS.xsph * dtMs : Number(arg("xsph", String(WATER_DEFAULTS.xsph)));
  // --set k=1000,kNear=400: other parameters (the panel's extremes)
  const extra = Object.fromEntries(
    arg("set", "")
      .split(",")
      .filter(Boolean)
      .map((kv) => [kv.split("=")[0], Number(kv.split("=")[1])])
  );
  const p: WaterParams = {...WATER_DEFAULTS, dt, xsph, maxSpeed: (clampH * H) / dt, ...extra};
  const g = waterGrid();
  // --from state.bin --t0 0.75: start from a saved state (--save) at simulated time t0 instead of the dam at rest
  const from = arg("from", "");
  const t0s = Number(arg("t0", "0"));
  let state = damBreak(count, p);
  if (from) {
    const buf = readFileSync(from);
    state.u32.set(new Uint32Array(buf.buffer, buf.byteOffset, count * PARTICLE_WORDS));
  }
  const substeps = Math.round(seconds / dt);
  const every = Math.max(1, Math.round(sampleMs / dtMs));
  const samples: Sample[] = [];
  let nonFinite = 0,
    outside = 0;
  const t0 = performance.now();
  let clamped = 0,
    seen = 0;
  for (let s = 1; s <= substeps; s++) {
    const r = substepTwin(g, p, state);
    state = r.particles;
    const f = state.f32;
    for (let i = 0; i < count; i++) {
      const o = i * PARTICLE_WORDS;
      if (Math.hypot(f[o + 2], f[o + 3]) >= p.maxSpeed * 0.999) clamped++;
    }
    seen += count;
    if (s % every && s !== substeps) continue;
    let sx = 0,
      sy = 0,
      sxx = 0,
      syy = 0,
      rho = 0,
      vmax = 0,
      px = 0,
      py = 0,
      pabs = 0;
    const xs = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const o = i * PARTICLE_WORDS;
      const [x, y, vx, vy] = [f[o], f[o + 1], f[o + 2], f[o + 3]];
      if (![x, y, vx, vy].every(Number.isFinite)) nonFinite++;
      if (x < p.tank[0] || x > p.tank[2] || y < p.tank[1] || y > p.tank[3]) outside++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      rho += r.density[i];
      const v = Math.hypot(vx, vy);
      vmax = Math.max(vmax, v);
      px += vx;
      py += vy;
      pabs += v;
      xs[i] = x;
    }
    xs.sort();
    const mx = sx / count,
      my = sy / count;
    samples.push({
      t: +(t0s + s * dt).toFixed(6),
      comX: mx,
      comY: my,
      sdX: Math.sqrt(Math.max(0, sxx / count - mx * mx)),
      sdY: Math.sqrt(Math.max(0, syy / count - my * my)),
      front: xs[Math.floor(0.99 * (count - 1))],
      meanDensity: rho / count,
      maxSpeed: vmax,
      clampShare: clamped / seen,
      momentumRatio: pabs > 0 ? Math.hypot(px, py) / pabs : 0,
    });
    clamped = 0;
    seen = 0;
    const last = samples[samples.length - 1];
    console.error(
      `[study] n=${count} dt=${dtMs}ms t=${last.t.toFixed(3)} s com=(${mx.toFixed(4)}, ${my.toFixed(4)}) front=${last.front.toFixed(3)} ρ=${last.meanDensity.toFixed(3)} vmax=${vmax.toFixed(2)} clamp=${(100 * last.clampShare).toFixed(3)}% (${((performance.now() - t0) / 1000).toFixed(0)} s)`
    );
  }
  const save = arg("save", "");
  if (save) writeFileSync(save, new Uint8Array(state.u32.buffer, state.u32.byteOffset, count * PARTICLE_WORDS * 4));
  return {
    from: from ? `${from} at ${t0s} s` : undefined,
    count,
    dtMs,
    clampH,
    xsph,
    maxSpeed: p.maxSpeed,
    set: extra,
    seconds,
    substeps,
    nonFinite,
    outside,
    wallMs: Math.round(performance.now() - t0),
    samples,
  };
}

/** The sample of `run` nearest to simulated time t. */
const at = (run: Run, t: number) => run.samples.reduce((a, b) => (Math.abs(b.t - t) < Math.abs(a.t - t) ? b : a));

function compare(dir: string) {
  const runs: Run[] = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")));
  runs.sort((a, b) => a.count - b.count || a.dtMs - b.dtMs || a.clampH - b.clampH || a.xsph - b.xsph);
  const head =
    "| particles | dt, ms | clamp (h/dt) | XSPH | NaN | outside | mean ρ, last 0.5 s | max speed | clamp share | Δ centre of mass, h | Δ spread, h | Δ front, h |";
  console.log(head);
  console.log(`|${"---|".repeat(12)}`);
  for (const r of runs) {
    const base = runs.find((b) => b.count === r.count && b.dtMs === 1 && b.clampH === 0.45 && Math.abs(b.xsph - WATER_DEFAULTS.xsph) < 1e-9);
    const tail = r.samples.filter((s) => s.t > r.seconds - 0.5);
    const rhoRest = tail.reduce((a, s) => a + s.meanDensity, 0) / Math.max(1, tail.length);
    const vmax = Math.max(...r.samples.map((s) => s.maxSpeed));
    const clampShare = r.samples.reduce((a, s) => a + s.clampShare, 0) / r.samples.length;
    let dCom = NaN,
      dSpread = NaN,
      dFront = NaN;
    if (base) {
      const ts = base.samples.map((s) => s.t).filter((t) => t <= r.seconds + 1e-9);
      dCom = Math.max(...ts.map((t) => Math.hypot(at(r, t).comX - at(base, t).comX, at(r, t).comY - at(base, t).comY)));
      dSpread = Math.max(...ts.map((t) => Math.max(Math.abs(at(r, t).sdX - at(base, t).sdX), Math.abs(at(r, t).sdY - at(base, t).sdY))));
      dFront = Math.max(...ts.map((t) => Math.abs(at(r, t).front - at(base, t).front)));
    }
    const hh = (v: number) => (Number.isFinite(v) ? (v / H).toFixed(2) : "—");
    console.log(
      `| ${r.count.toLocaleString("en-US")} | ${+r.dtMs.toFixed(3)} | ${r.clampH} (${r.maxSpeed.toFixed(2)}/s) | ${+r.xsph.toFixed(4)} | ${r.nonFinite} | ${r.outside} | ${rhoRest.toFixed(3)} | ${vmax.toFixed(2)} | ${(100 * clampShare).toFixed(3)} % | ${hh(dCom)} | ${hh(dSpread)} | ${hh(dFront)} |`
    );
  }
}

const cmp = arg("compare", "");
if (cmp) compare(cmp);
else {
  const run = study();
  const dir = "data/water-dt";
  mkdirSync(dir, {recursive: true});
  const out = arg("out", join(dir, `n${run.count}-dt${run.dtMs}-c${run.clampH}-x${+run.xsph.toFixed(4)}.json`));
  writeFileSync(out, `${JSON.stringify(run)}\n`);
  console.error(`[study] wrote ${out} (${(run.wallMs / 1000).toFixed(0)} s)`);
}

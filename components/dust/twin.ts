/**
 * The CPU twin of the dust kernels (shaders/dust/) and of the whole combined substep: the
 * oracle of the GPU tests and the widgets' engine without WebGPU. Each function mirrors one
 * kernel:
 *
 *   nearTwin      ↔ dust/pack.wgsl + the sort + dust/contacts.wgsl  (contacts, proposals)
 *   markTwin      ↔ dust/merge_mark.wgsl                           (survivor flags)
 *   compactTwin   ↔ the scan + dust/merge_compact.wgsl             (merged survivors, then the dead)
 *   DustTwin      ↔ components/dust/gpu.ts DustGPU                 (kick–drift, far, near, kick, merge)
 *
 * The far field is the gravity twin's (components/gravity/twin.ts): the tree is rebuilt from
 * the same bodies every substep, and the bodies end each substep in Morton order, then
 * compacted, exactly as on the GPU. `contactPairsBruteForce` is the O(N²) list the tests hold
 * the grid search to.
 */
import {allocBodies, cloneBodies, type Accelerations, type Bodies} from "../gravity/bodies.js";
import {buildBarnesHut, walkTwin} from "../gravity/twin.js";
import {kick, kickDrift} from "../gravity/leapfrog.js";
import {checkDustParams, dashpot, type DustForces, type DustParams} from "./params.js";

export const NO_PARTNER = 0xffffffff;
const fr = Math.fround;
/** Largest total mass whose every partial sum is exact in float32 (whole grains). */
export const MAX_TOTAL_MASS = 2 ** 24;

/**
 * Checks that masses are whole numbers ≥ 1 (or 0, a dead slot, when `allowDead`), that the
 * total stays below 2^24, and that every value is finite; returns the largest and total mass.
 * Errors: RangeError naming the first bad body.
 */
export function checkDustBodies(b: Bodies, allowDead = false): {largestMass: number; totalMass: number} {
  let largest = 0,
    total = 0;
  for (let i = 0; i < b.n; i++) {
    const m = b.m[i];
    if (!Number.isFinite(b.x[i] + b.y[i] + b.vx[i] + b.vy[i])) throw new RangeError(`body ${i} has a non-finite position or velocity`);
    if (!(Number.isInteger(m) && (m >= 1 || (allowDead && m === 0)))) throw new RangeError(`body ${i} has mass ${m}: masses are whole numbers of grains ≥ 1`);
    largest = Math.max(largest, m);
    total += m;
  }
  if (total >= MAX_TOTAL_MASS) throw new RangeError(`total mass ${total} reaches 2^24: float32 sums would stop being exact`);
  return {largestMass: largest, totalMass: total};
}

/** One contact of the brute-force list: slots i < j with |x_i − x_j| < r_i + r_j. */
interface ContactPair {
  i: number;
  j: number;
}

/** Every touching pair (i < j, lexicographic), O(N²) in float32 as the kernel tests it. */
export function contactPairsBruteForce(b: Bodies, unitRadius: number): ContactPair[] {
  const out: ContactPair[] = [];
  for (let i = 0; i < b.n; i++) {
    if (!(b.m[i] > 0)) continue;
    const ri = fr(fr(unitRadius) * fr(Math.sqrt(b.m[i])));
    for (let j = i + 1; j < b.n; j++) {
      if (!(b.m[j] > 0)) continue;
      const rs = fr(ri + fr(fr(unitRadius) * fr(Math.sqrt(b.m[j]))));
      const dx = fr(b.x[i] - b.x[j]),
        dy = fr(b.y[i] - b.y[j]);
      const d2 = fr(fr(dx * dx) + fr(dy * dy));
      if (d2 < fr(rs * rs) && d2 > 0) out.push({i, j});
    }
  }
  return out;
}

/** The near field's result per slot: contact acceleration, merge proposal and contact count. */
interface NearField {
  ax: Float64Array;
  ay: Float64Array;
  partner: Uint32Array;
  touching: Uint32Array;
}

/**
 * Contacts of every body (twin of contacts.wgsl): the cells within reach r_i + r_max of each
 * body, a spring–dashpot push per unit reduced mass, the lowest-slot merge candidate. The
 * cell search is written as the kernel's (any cell size gives the same contacts); the pointer's
 * stir is included. Accelerations only (the caller adds the far field).
 */
export function nearTwin(b: Bodies, p: DustParams, cellSize: number): NearField {
  const n = b.n;
  const out: NearField = {ax: new Float64Array(n), ay: new Float64Array(n), partner: new Uint32Array(n).fill(NO_PARTNER), touching: new Uint32Array(n)};
  const inv = fr(1 / cellSize);
  const cellOf = (v: number) => Math.floor(fr(v * inv));
  const cells = new Map<string, number[]>();
  let largest = 0;
  for (let i = 0; i < n; i++) {
    largest = Math.max(largest, b.m[i]);
    const k = `${cellOf(b.x[i])},${cellOf(b.y[i])}`;
    let list = cells.get(k);
    if (!list) cells.set(k, (list = []));
    list.push(i);
  }
  const R = fr(p.unitRadius);
  const rad = (m: number) => fr(R * fr(Math.sqrt(m)));
  const rMax = rad(largest);
  const damping = dashpot(p);
  const merge2 = fr(fr(p.merge) * fr(p.merge));
  for (let i = 0; i < n; i++) {
    const mi = b.m[i];
    if (!(mi > 0)) continue;
    const ri = rad(mi);
    const reach = fr(ri + rMax);
    const k = Math.floor(fr(reach * inv)) + 1;
    const cx = cellOf(b.x[i]),
      cy = cellOf(b.y[i]);
    let ax = 0,
      ay = 0,
      best = NO_PARTNER,
      count = 0;
    for (let dy = -k; dy <= k; dy++) {
      for (let dx = -k; dx <= k; dx++) {
        const list = cells.get(`${cx + dx},${cy + dy}`);
        if (!list) continue;
        for (const j of list) {
          if (j === i) continue;
          const mj = b.m[j];
          if (!(mj > 0)) continue;
          const rs = fr(ri + rad(mj));
          const rx = fr(b.x[i] - b.x[j]),
            ry = fr(b.y[i] - b.y[j]);
          const d2 = fr(fr(rx * rx) + fr(ry * ry));
          if (d2 >= fr(rs * rs) || !(d2 > 0)) continue;
          count++;
          const dist = Math.sqrt(d2);
          const nx = rx / dist,
            ny = ry / dist;
          const vx = fr(b.vx[i] - b.vx[j]),
            vy = fr(b.vy[i] - b.vy[j]);
          const vn = vx * nx + vy * ny;
          const mu = (mi * mj) / (mi + mj);
          const push = mu * (p.stiffness * (rs - dist) - damping * vn);
          if (push > 0) {
            ax += (push / mi) * nx;
            ay += (push / mi) * ny;
          }
          const escape2 = fr(fr(fr(2 * fr(p.G)) * fr(mi + mj)) / rs);
          if (p.merge > 0 && fr(fr(vx * vx) + fr(vy * vy)) < fr(merge2 * escape2)) best = Math.min(best, j);
        }
      }
    }
    const ptr = p.pointer;
    if (ptr.active) {
      const d = Math.hypot(b.x[i] - ptr.x, b.y[i] - ptr.y);
      if (d < ptr.radius) {
        const w = ptr.strength * (1 - d / ptr.radius);
        ax += w * (ptr.vx - b.vx[i]);
        ay += w * (ptr.vy - b.vy[i]);
      }
    }
    out.ax[i] = ax;
    out.ay[i] = ay;
    out.partner[i] = best;
    out.touching[i] = count;
  }
  return out;
}

/** Is slot i taken in by its partner this substep (a mutual proposal with a lower slot)? */
function absorbedTwin(partner: Uint32Array, i: number): boolean {
  const j = partner[i];
  return j !== NO_PARTNER && j < i && partner[j] === i;
}

/** Survivor flags (twin of merge_mark.wgsl): 1 for a live slot that is not absorbed. */
export function markTwin(partner: Uint32Array, m: Float32Array, n = m.length): Uint32Array {
  const flags = new Uint32Array(n);
  for (let i = 0; i < n; i++) flags[i] = m[i] > 0 && !absorbedTwin(partner, i) ? 1 : 0;
  return flags;
}

/**
 * The compaction (twin of the scan + merge_compact.wgsl): survivors in their old order at the
 * front, each with its absorbed partner folded in (summed mass, centre of mass, momentum,
 * mass-weighted acceleration), then the dead in their old order with mass 0 and no motion.
 * Returns the new bodies and accelerations and the live count.
 */
export function compactTwin(b: Bodies, acc: Accelerations, partner: Uint32Array): {bodies: Bodies; acc: Accelerations; live: number} {
  const n = b.n;
  const flags = markTwin(partner, b.m, n);
  const starts = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) starts[i + 1] = starts[i] + flags[i];
  const live = starts[n];
  const out = allocBodies(n);
  const oa: Accelerations = {ax: new Float64Array(n), ay: new Float64Array(n)};
  for (let i = 0; i < n; i++) {
    if (!flags[i]) {
      const s = live + i - starts[i];
      out.x[s] = b.x[i];
      out.y[s] = b.y[i];
      out.id[s] = b.id[i];
      continue;
    }
    const s = starts[i];
    const j = partner[i];
    out.id[s] = b.id[i];
    if (j !== NO_PARTNER && j > i && partner[j] === i) {
      const m = fr(b.m[i] + b.m[j]);
      const wi = fr(b.m[i] / m),
        wj = fr(b.m[j] / m);
      out.m[s] = m;
      out.x[s] = fr(fr(wi * b.x[i]) + fr(wj * b.x[j]));
      out.y[s] = fr(fr(wi * b.y[i]) + fr(wj * b.y[j]));
      out.vx[s] = fr(fr(wi * b.vx[i]) + fr(wj * b.vx[j]));
      out.vy[s] = fr(fr(wi * b.vy[i]) + fr(wj * b.vy[j]));
      oa.ax[s] = wi * acc.ax[i] + wj * acc.ax[j];
      oa.ay[s] = wi * acc.ay[i] + wj * acc.ay[j];
    } else {
      out.m[s] = b.m[i];
      out.x[s] = b.x[i];
      out.y[s] = b.y[i];
      out.vx[s] = b.vx[i];
      out.vy[s] = b.vy[i];
      oa.ax[s] = acc.ax[i];
      oa.ay[s] = acc.ay[i];
    }
  }
  return {bodies: out, acc: oa, live};
}

/** Totals of a state: mass (float64 sum), momentum, the largest mass, live bodies. */
export function dustTotals(b: Bodies): {mass: number; px: number; py: number; largestMass: number; count: number} {
  let mass = 0,
    px = 0,
    py = 0,
    largest = 0,
    count = 0;
  for (let i = 0; i < b.n; i++) {
    const m = b.m[i];
    if (!(m > 0)) continue;
    mass += m;
    px += m * b.vx[i];
    py += m * b.vy[i];
    largest = Math.max(largest, m);
    count++;
  }
  return {mass, px, py, largestMass: largest, count};
}

/** The sums of the momentum ledger (twin of dust/momentum.wgsl's, in float64). */
interface MomentumSums {
  /** Σ m v */
  px: number;
  py: number;
  /** Σ m |v| */
  speedSum: number;
  /** the star's pull Σ m a★(x), softened as the walk softens it; 0 without a star or with the far field off */
  fx: number;
  fy: number;
}

/**
 * Σ m v, Σ m |v| and the star's pull Σ m a★(x) of the live bodies (twin of momentum_partial +
 * momentum_total). `farOn` false: no star term (the contacts-only comparison applies none).
 */
export function momentumSums(b: Bodies, p: Pick<DustParams, "G" | "softening" | "star">, farOn = true): MomentumSums {
  const out: MomentumSums = {px: 0, py: 0, speedSum: 0, fx: 0, fy: 0};
  const star = farOn && p.star && p.star.m > 0 ? p.star : null;
  const gm = star ? p.G * star.m : 0;
  const e2 = p.softening * p.softening;
  for (let i = 0; i < b.n; i++) {
    const m = b.m[i];
    if (!(m > 0)) continue;
    out.px += m * b.vx[i];
    out.py += m * b.vy[i];
    out.speedSum += m * Math.hypot(b.vx[i], b.vy[i]);
    if (star) {
      const dx = star.x - b.x[i],
        dy = star.y - b.y[i];
      const r2 = dx * dx + dy * dy + e2;
      const s = (m * gm) / (r2 * Math.sqrt(r2));
      out.fx += s * dx;
      out.fy += s * dy;
    }
  }
  return out;
}

/** The momentum ledger: the star's impulse J since the start and its pull at the last entry. */
interface MomentumLedger {
  jx: number;
  jy: number;
  fx: number;
  fy: number;
}

/** One ledger entry (momentum_total's arithmetic): J += dt/2 · (F_before + F_now); the pull is now F_now. */
export function ledgerEntry(l: MomentumLedger, now: {fx: number; fy: number}, dt: number): MomentumLedger {
  return {jx: l.jx + 0.5 * dt * (l.fx + now.fx), jy: l.jy + 0.5 * dt * (l.fy + now.fy), fx: now.fx, fy: now.fy};
}

/**
 * The momentum drift the widgets show: |P − P₀ − J| / S₀, the change of the bodies' momentum
 * that the star's impulse J does not explain, over S₀ = Σ m |v| at the start (the scale of the
 * momenta that could cancel). 0 when S₀ is 0. Errors: none (NaN in, NaN out).
 */
export function momentumDrift(p: {px: number; py: number}, p0: {px: number; py: number}, j: {jx: number; jy: number}, s0: number): number {
  if (!(s0 > 0)) return 0;
  return Math.hypot(p.px - p0.px - j.jx, p.py - p0.py - j.jy) / s0;
}

export type {DustForces} from "./params.js";

/**
 * The combined substep on the CPU (the twin of DustGPU): kick–drift, far field (Barnes–Hut
 * twin; bodies into Morton order), near field, kick, merge + compaction. Keeps exactly the
 * live bodies (no dead tail). `forces` leaves out the far or the near field.
 */
export class DustTwin {
  bodies: Bodies;
  acc: Accelerations;
  params: DustParams;
  steps = 0;
  merges = 0;
  readonly initialCount: number;
  cellSize: number;
  /** the momentum ledger (the star's impulse), entered after every substep's second kick as on the GPU */
  ledger: MomentumLedger;
  /** Σ m v and Σ m |v| at the start (the drift's reference) */
  readonly start: MomentumSums;

  /** Copies `initial`. Errors: RangeError for bad bodies or parameters. */
  constructor(
    initial: Bodies,
    params: DustParams,
    public forces: DustForces = "both"
  ) {
    checkDustBodies(initial);
    checkDustParams(params);
    this.params = structuredClone(params);
    this.cellSize = 4 * params.unitRadius;
    this.bodies = cloneBodies(initial);
    this.initialCount = initial.n;
    this.acc = this.far();
    this.start = momentumSums(this.bodies, this.params, this.forces !== "contacts");
    this.ledger = {jx: 0, jy: 0, fx: this.start.fx, fy: this.start.fy};
  }

  /** |P − P₀ − J| / Σ m |v₀| now (momentumDrift). */
  get momentumDrift(): number {
    const now = momentumSums(this.bodies, this.params, false);
    return momentumDrift(now, this.start, this.ledger, this.start.speedSum);
  }

  /** The far field at the current positions (reorders the bodies into Morton order). */
  private far(): Accelerations {
    const b = this.bodies;
    if (this.forces === "contacts") return {ax: new Float64Array(b.n), ay: new Float64Array(b.n)};
    const p = this.params;
    const bh = buildBarnesHut(b, 8);
    this.bodies = bh.sorted;
    const star = p.star && p.star.m > 0 ? p.star : undefined;
    return walkTwin(bh, {G: p.G, softening: p.softening, theta: p.theta}, star);
  }

  /** One substep. */
  step() {
    const p = this.params;
    kickDrift(this.bodies, this.acc, p.dt);
    const a = this.far();
    let partner: Uint32Array = new Uint32Array(this.bodies.n).fill(NO_PARTNER);
    if (this.forces !== "gravity") {
      const near = nearTwin(this.bodies, this.forces === "both" ? p : {...p, merge: 0}, this.cellSize);
      for (let i = 0; i < this.bodies.n; i++) {
        a.ax[i] += near.ax[i];
        a.ay[i] += near.ay[i];
      }
      partner = near.partner;
    }
    kick(this.bodies, a, p.dt);
    this.acc = a;
    this.ledger = ledgerEntry(this.ledger, momentumSums(this.bodies, p, this.forces !== "contacts"), p.dt);
    if (p.merge > 0 && this.forces === "both") {
      const c = compactTwin(this.bodies, a, partner);
      this.merges += this.bodies.n - c.live;
      this.bodies = sliceBodies(c.bodies, c.live);
      this.acc = {ax: c.acc.ax.slice(0, c.live), ay: c.acc.ay.slice(0, c.live)};
    }
    this.steps++;
  }

  get count() {
    return this.bodies.n;
  }
}

/** The first `n` bodies (a copy). */
function sliceBodies(b: Bodies, n: number): Bodies {
  return {n, x: b.x.slice(0, n), y: b.y.slice(0, n), vx: b.vx.slice(0, n), vy: b.vy.slice(0, n), m: b.m.slice(0, n), id: b.id.slice(0, n)};
}

/**
 * The gravity CPU twin, whole: the oracle of the GPU tests and the fallback engine of the
 * gravity widgets. Each phase is its own module, mirroring one WGSL file:
 *
 *   bounds + keys   morton.ts    ↔ shaders/gravity/keys.wgsl
 *   radix sort      radix.ts     ↔ shaders/gravity/radix.wgsl (+ scan.wgsl)
 *   tree build      tree.ts      ↔ shaders/gravity/tree.wgsl
 *   centre of mass  tree.ts      ↔ shaders/gravity/com.wgsl
 *   walk            walk.ts      ↔ shaders/gravity/walk.wgsl
 *   O(N²) sum       direct.ts    ↔ shaders/gravity/direct.wgsl
 *   leapfrog        leapfrog.ts  ↔ shaders/gravity/integrate.wgsl
 *
 * This file joins them: `buildBarnesHut` (keys → sort → tree → masses), `barnesHutAccelerations`,
 * and `GravityTwin`, a stepping simulation that keeps its bodies in Morton order after each
 * step exactly as the GPU pipeline does.
 */
import {quantile} from "../sim/timing.js";
import {checkBodies, cloneBodies, GRAVITY_DEFAULTS, permuteBodies, type Accelerations, type Bodies, type GravityParams} from "./bodies.js";
import {directAccelerations, invariants, type ExternalMass, type Invariants} from "./direct.js";
import {kick, kickDrift} from "./leapfrog.js";
import {boundingSquare, mortonKeys, type BoundingSquare} from "./morton.js";
import {radixSortTwin} from "./radix.js";
import {buildTreeTwin, centreOfMassTwin, type QuadTree} from "./tree.js";
import {walkTwin, type WalkCounts, type WalkInput} from "./walk.js";

export * from "./bodies.js";
export * from "./direct.js";
export * from "./leapfrog.js";
export * from "./morton.js";
export * from "./radix.js";
export * from "./tree.js";
export * from "./walk.js";
export * from "./scenes.js";

/** Everything one tree build produces. */
export interface BarnesHut extends WalkInput {
  square: BoundingSquare;
  /** Morton keys in sorted order */
  keys: Uint32Array;
  /** order[k] = input index of the body in sorted slot k */
  order: Uint32Array;
  /** the bodies in sorted order (x, y, m of WalkInput are its arrays) */
  sorted: Bodies;
  tree: QuadTree;
}

/** Bounds → Morton keys → radix sort → level-by-level tree → centre of mass. Errors: RangeError for non-finite bodies. */
export function buildBarnesHut(b: Bodies, leafCapacity = GRAVITY_DEFAULTS.leafCapacity): BarnesHut {
  checkBodies(b);
  const square = boundingSquare(b.x, b.y, b.n);
  const sortedKeys = radixSortTwin(mortonKeys(b.x, b.y, square, b.n));
  const sorted = permuteBodies(b, sortedKeys.values);
  const tree = buildTreeTwin(sortedKeys.keys, leafCapacity);
  centreOfMassTwin(tree, sorted.x, sorted.y, sorted.m);
  return {square, keys: sortedKeys.keys, order: sortedKeys.values, sorted, tree, x: sorted.x, y: sorted.y, m: sorted.m};
}

/** Barnes–Hut accelerations and work counts of every body, in INPUT order. */
export function barnesHutAccelerations(b: Bodies, p: GravityParams, external?: ExternalMass): Accelerations & WalkCounts {
  const bh = buildBarnesHut(b, p.leafCapacity);
  const w = walkTwin(bh, p, external);
  const out = {
    ax: new Float64Array(b.n),
    ay: new Float64Array(b.n),
    opened: new Uint32Array(b.n),
    approximated: new Uint32Array(b.n),
    interactions: new Uint32Array(b.n),
  };
  for (let k = 0; k < b.n; k++) {
    const i = bh.order[k];
    out.ax[i] = w.ax[k];
    out.ay[i] = w.ay[k];
    out.opened[i] = w.opened[k];
    out.approximated[i] = w.approximated[k];
    out.interactions[i] = w.interactions[k];
  }
  return out;
}

/**
 * Relative force errors |a − a_exact| / |a_exact| per body, and their median and 99th
 * percentile (`quantile` of components/sim/timing.ts: linear between ranks; 0 for no bodies).
 * Errors: RangeError when an error is not finite (a NaN acceleration).
 */
export function forceErrors(a: Accelerations, exact: Accelerations): {errors: Float64Array; median: number; p99: number} {
  const n = a.ax.length;
  const errors = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const norm = Math.hypot(exact.ax[i], exact.ay[i]);
    errors[i] = Math.hypot(a.ax[i] - exact.ax[i], a.ay[i] - exact.ay[i]) / (norm > 0 ? norm : 1);
  }
  const all = Array.from(errors);
  return {errors, median: n ? quantile(all, 0.5) : 0, p99: n ? quantile(all, 0.99) : 0};
}

/** Which force the twin simulation uses. */
type ForceMethod = "barnes-hut" | "direct";

/**
 * A CPU simulation: leapfrog (KDK) steps with Barnes–Hut or direct forces. After each
 * Barnes–Hut step the bodies are in Morton order (as on the GPU); `bodies.id` keeps identity.
 */
export class GravityTwin {
  bodies: Bodies;
  acc: Accelerations;
  /** work counts of the last Barnes–Hut force evaluation (sorted order), or null for direct */
  counts: WalkCounts | null = null;
  /** the last tree built (for drawing), or null */
  last: BarnesHut | null = null;
  time = 0;
  steps = 0;

  /** Copies `initial`; computes the first accelerations. Errors: RangeError for bad bodies or parameters. */
  constructor(
    initial: Bodies,
    public params: GravityParams = {...GRAVITY_DEFAULTS},
    public method: ForceMethod = "barnes-hut",
    /** an external point mass (the galaxy's perturber), or null */
    public external: ExternalMass | null = null
  ) {
    checkBodies(initial);
    if (!(params.dt > 0 && params.softening >= 0 && params.theta >= 0)) throw new RangeError("dt must be > 0, softening ≥ 0 and theta ≥ 0");
    this.bodies = cloneBodies(initial);
    this.acc = this.force();
  }

  /** Accelerations at the current positions; a Barnes–Hut evaluation reorders the bodies into Morton order first. */
  force(): Accelerations {
    const p = this.params;
    if (this.method === "direct") {
      this.counts = null;
      return directAccelerations(this.bodies, p.G, p.softening, this.external ?? undefined);
    }
    const bh = buildBarnesHut(this.bodies, p.leafCapacity);
    this.bodies = bh.sorted;
    this.last = bh;
    const w = walkTwin(bh, p, this.external ?? undefined);
    this.counts = w;
    return w;
  }

  /** One kick–drift–kick step. */
  step() {
    kickDrift(this.bodies, this.acc, this.params.dt);
    this.acc = this.force();
    kick(this.bodies, this.acc, this.params.dt);
    this.time += this.params.dt;
    this.steps++;
  }

  /** Energy, momentum, angular momentum now (O(N²)). */
  invariants(): Invariants {
    return invariants(this.bodies, this.params.G, this.params.softening);
  }
}

/**
 * The 3D Barnes–Hut twin joined up: keys → radix sort → octree → sums → walk nodes → walk,
 * and the leapfrog (kick–drift–kick) of the CPU engine. Re-exports every twin module.
 */
import {radixSortTwin} from "../gravity/radix.js";
import {type Bodies3, checkBodies3, GRAVITY3_DEFAULTS, type Gravity3Params, permuteBodies3} from "./bodies.js";
import {boundingCube, mortonKeys3} from "./morton.js";
import {buildOctreeTwin, centreOfMass3Twin, type Octree, walkNodes3} from "./tree.js";
import {walk3Twin, type Walk3Result} from "./walk.js";
import {direct3, energyFrom} from "./direct.js";

export * from "./bodies.js";
export * from "./morton.js";
export * from "./tree.js";
export * from "./walk.js";
export * from "./direct.js";
export * from "./scenes.js";
export {radixSortTwin};

/** Every stage of one tree build (sorted order). */
export function buildBarnesHut3(b: Bodies3, params: Pick<Gravity3Params, "leafCapacity" | "theta">) {
  const cube = boundingCube(b.x, b.y, b.z, b.n);
  const keys = mortonKeys3(b.x, b.y, b.z, cube, b.n);
  const {keys: sortedKeys, values: order} = radixSortTwin(keys);
  const sorted = permuteBodies3(b, order);
  const tree: Octree = buildOctreeTwin(sortedKeys, params.leafCapacity);
  centreOfMass3Twin(tree, sorted.x, sorted.y, sorted.z, sorted.m);
  const walk = walkNodes3(tree, cube, sortedKeys, params.theta);
  return {cube, keys, sortedKeys, order, sorted, tree, walk};
}

/** Tree accelerations, potentials and term counts in INPUT order. */
export function barnesHut3(b: Bodies3, params: Gravity3Params): Walk3Result {
  const {order, sorted, walk} = buildBarnesHut3(b, params);
  const r = walk3Twin(walk, sorted.x, sorted.y, sorted.z, sorted.m, params.G, params.softening);
  const out: Walk3Result = {
    ax: new Float64Array(b.n),
    ay: new Float64Array(b.n),
    az: new Float64Array(b.n),
    phi: new Float64Array(b.n),
    terms: new Uint32Array(b.n),
  };
  for (let k = 0; k < b.n; k++) {
    const i = order[k];
    out.ax[i] = r.ax[k];
    out.ay[i] = r.ay[k];
    out.az[i] = r.az[k];
    out.phi[i] = r.phi[k];
    out.terms[i] = r.terms[k];
  }
  return out;
}

/**
 * The CPU engine: a leapfrog (kick–drift–kick) on the twin. After each Barnes–Hut step the
 * bodies are in Morton order (as on the GPU). `energy()` uses the last step's potentials.
 */
export class Gravity3Twin {
  bodies: Bodies3;
  params: Gravity3Params;
  time = 0;
  steps = 0;
  private a: Walk3Result;
  constructor(
    bodies: Bodies3,
    params: Partial<Gravity3Params> = {},
    readonly method: "barnes-hut" | "direct" = "barnes-hut"
  ) {
    checkBodies3(bodies);
    this.params = {...GRAVITY3_DEFAULTS, ...params};
    this.bodies = bodies;
    this.a = this.forces();
  }
  private forces(): Walk3Result {
    if (this.method === "direct") {
      const d = direct3(this.bodies, this.params.G, this.params.softening);
      return {...d, terms: new Uint32Array(this.bodies.n).fill(Math.max(0, this.bodies.n - 1))};
    }
    const {sorted, walk} = buildBarnesHut3(this.bodies, this.params);
    this.bodies = sorted;
    return walk3Twin(walk, sorted.x, sorted.y, sorted.z, sorted.m, this.params.G, this.params.softening);
  }
  /** Advances `count` leapfrog steps. */
  step(count = 1) {
    const dt = this.params.dt;
    for (let s = 0; s < count; s++) {
      const b = this.bodies,
        a = this.a;
      for (let i = 0; i < b.n; i++) {
        b.vx[i] += 0.5 * dt * a.ax[i];
        b.vy[i] += 0.5 * dt * a.ay[i];
        b.vz[i] += 0.5 * dt * a.az[i];
        b.x[i] += dt * b.vx[i];
        b.y[i] += dt * b.vy[i];
        b.z[i] += dt * b.vz[i];
      }
      this.a = this.forces();
      const c = this.bodies,
        a2 = this.a;
      for (let i = 0; i < c.n; i++) {
        c.vx[i] += 0.5 * dt * a2.ax[i];
        c.vy[i] += 0.5 * dt * a2.ay[i];
        c.vz[i] += 0.5 * dt * a2.az[i];
      }
      this.time += dt;
      this.steps++;
    }
  }
  /** Total energy with the last step's potentials (tree or exact, as the method). */
  energy() {
    return energyFrom(this.bodies, this.a.phi);
  }
  /** Force terms of the last step, summed over bodies. */
  get interactions(): number {
    let s = 0;
    for (let i = 0; i < this.a.terms.length; i++) s += this.a.terms[i];
    return s;
  }
}

/**
 * The Barnes–Hut walk (Barnes & Hut 1986, "A hierarchical O(N log N) force-calculation
 * algorithm", Nature 324): for each body, descend from the root with a stack; a cell of side
 * s whose centre of mass is at distance d is taken as one term when s / d < θ (tested
 * as s² < θ²·d², no square root, no division): its mass as one point at its centre of mass
 * plus its quadrupole moment (the next term of the multipole expansion; it cuts the force
 * error at θ = 0.5 about tenfold at the same count of terms); otherwise it is opened: a leaf's
 * bodies are summed one by one, an internal cell's children are pushed. θ = 0 opens every
 * cell and gives the exact O(N²) sum.
 *
 * The twin of shaders/gravity/walk.wgsl, in float64 (the GPU sums in float32; tests compare
 * within a relative tolerance).
 */
import type {Accelerations} from "./bodies.js";
import type {ExternalMass} from "./direct.js";
import type {BoundingSquare} from "./morton.js";
import type {QuadTree} from "./tree.js";

/** What the walk needs: the tree (masses filled), its square, and the bodies in sorted order. */
export interface WalkInput {
  tree: QuadTree;
  square: BoundingSquare;
  /** bodies in sorted (Morton) order: the order of the tree's ranges */
  x: Float32Array;
  y: Float32Array;
  m: Float32Array;
}

interface WalkParams {
  G: number;
  softening: number;
  theta: number;
}

/** Per-body work counters of a walk. */
export interface WalkCounts {
  /** cells opened (internal cells descended into, and leaves summed body by body) */
  opened: Uint32Array;
  /** cells taken as one term (mass and quadrupole) */
  approximated: Uint32Array;
  /** force terms evaluated: approximated cells + bodies summed directly (self excluded); the exact sum has N − 1 */
  interactions: Uint32Array;
}

/** The walk for one point: its acceleration, the cells opened and approximated (node indices), its interaction count. */
export interface ProbeWalk {
  ax: number;
  ay: number;
  opened: number[];
  approximated: number[];
  /** bodies summed one by one (in opened leaves) */
  direct: number;
  /** approximated.length + direct */
  interactions: number;
}

/** Per-node values the walk reads (computed once per walk): centre of mass, squared side, quadrupole about the centre of mass. */
interface Prepared {
  cx: Float64Array;
  cy: Float64Array;
  size2: Float64Array;
  qxx: Float64Array;
  qxy: Float64Array;
  qyy: Float64Array;
  stack: Int32Array;
}

/**
 * The centres of mass (float32 sums divided in float64) and each cell's quadrupole moment
 * about its centre of mass, Q = Σ m (3 d dᵀ − |d|² I) in the plane (d: body − centre): a leaf's
 * from its bodies, an internal cell's from its children's moved to its centre (parallel axes,
 * + m_c (3 d dᵀ − |d|² I) with d = c_child − c), children before parents (higher indices
 * first). The twin of com.wgsl's write_walk_node (float32 there).
 */
function prepare(w: WalkInput): Prepared {
  const t = w.tree;
  const n = t.numNodes;
  const cx = new Float64Array(n),
    cy = new Float64Array(n),
    size2 = new Float64Array(n),
    qxx = new Float64Array(n),
    qxy = new Float64Array(n),
    qyy = new Float64Array(n);
  for (let j = n - 1; j >= 0; j--) {
    const M = t.mass[j];
    const c = M > 0 ? [t.mx[j] / M, t.my[j] / M] : [0, 0];
    cx[j] = c[0];
    cy[j] = c[1];
    const s = w.square.size / 2 ** t.level[j];
    size2[j] = s * s;
    let xx = 0,
      xy = 0,
      yy = 0;
    const add = (dx: number, dy: number, m: number) => {
      xx += m * (2 * dx * dx - dy * dy);
      xy += m * 3 * dx * dy;
      yy += m * (2 * dy * dy - dx * dx);
    };
    if (t.childCount[j] === 0) for (let i = t.lo[j]; i < t.hi[j]; i++) add(w.x[i] - c[0], w.y[i] - c[1], w.m[i]);
    else
      for (let k = t.firstChild[j]; k < t.firstChild[j] + t.childCount[j]; k++) {
        xx += qxx[k];
        xy += qxy[k];
        yy += qyy[k];
        add(cx[k] - c[0], cy[k] - c[1], t.mass[k]);
      }
    qxx[j] = xx;
    qxy[j] = xy;
    qyy[j] = yy;
  }
  return {cx, cy, size2, qxx, qxy, qyy, stack: new Int32Array(4 * 17 + 4)};
}

/**
 * A cell's pull per unit G on a body at offset (dx, dy) from the body to the cell's centre of
 * mass: the mass M as one point plus the quadrupole (qxx, qxy, qyy), softened: with r = −d and
 * r² = |d|² + ε², M d / r³ + Q r / r⁵ − (5/2) (rᵀQr) r / r⁷ (cell_pull in walk_common.wgsl).
 */
function cellPull(prep: Prepared, j: number, M: number, dx: number, dy: number, e2: number): [number, number] {
  const r2 = dx * dx + dy * dy + e2;
  const s = M / (r2 * Math.sqrt(r2));
  const rx = -dx,
    ry = -dy;
  const qx = prep.qxx[j] * rx + prep.qxy[j] * ry,
    qy = prep.qxy[j] * rx + prep.qyy[j] * ry;
  const k = (2.5 * (rx * qx + ry * qy)) / r2;
  const inv5 = 1 / (r2 * r2 * Math.sqrt(r2));
  return [s * dx + (qx - k * rx) * inv5, s * dy + (qy - k * ry) * inv5];
}

/**
 * Walks the tree for the point (px, py); `self` is the sorted index of the body at that point
 * (skipped in leaf sums), or −1 for a probe that is not a body. `visit` sees each decision.
 */
export function walkPoint(
  w: WalkInput,
  p: WalkParams,
  px: number,
  py: number,
  self: number,
  visit?: (node: number, approximated: boolean) => void,
  prep: Prepared = prepare(w)
): {ax: number; ay: number; opened: number; approximated: number; direct: number} {
  const t = w.tree;
  const {cx, cy, size2, stack} = prep;
  const e2 = p.softening * p.softening;
  const theta2 = p.theta * p.theta;
  let ax = 0,
    ay = 0,
    opened = 0,
    approximated = 0,
    direct = 0;
  let sp = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const j = stack[--sp];
    const M = t.mass[j];
    if (!(M > 0)) continue;
    const dx = cx[j] - px,
      dy = cy[j] - py;
    const d2 = dx * dx + dy * dy;
    if (size2[j] < theta2 * d2) {
      const [fx, fy] = cellPull(prep, j, M, dx, dy, e2);
      ax += fx;
      ay += fy;
      approximated++;
      visit?.(j, true);
      continue;
    }
    opened++;
    visit?.(j, false);
    if (t.childCount[j] === 0) {
      for (let i = t.lo[j]; i < t.hi[j]; i++) {
        if (i === self) continue;
        const bx = w.x[i] - px,
          by = w.y[i] - py;
        const r2 = bx * bx + by * by + e2;
        const s = w.m[i] / (r2 * Math.sqrt(r2));
        ax += s * bx;
        ay += s * by;
        direct++;
      }
    } else {
      // pushed last-to-first so that children are visited in quadrant order
      for (let c = t.firstChild[j] + t.childCount[j] - 1; c >= t.firstChild[j]; c--) stack[sp++] = c;
    }
  }
  return {ax: p.G * ax, ay: p.G * ay, opened, approximated, direct};
}

/** Accelerations and work counts of every body, indexed in sorted order. */
export function walkTwin(w: WalkInput, p: WalkParams, external?: ExternalMass): Accelerations & WalkCounts {
  const n = w.x.length;
  const ax = new Float64Array(n),
    ay = new Float64Array(n);
  const opened = new Uint32Array(n),
    approximated = new Uint32Array(n),
    interactions = new Uint32Array(n);
  const e2 = p.softening * p.softening;
  const prep = prepare(w);
  for (let i = 0; i < n; i++) {
    const r = walkPoint(w, p, w.x[i], w.y[i], i, undefined, prep);
    ax[i] = r.ax;
    ay[i] = r.ay;
    if (external && external.m > 0) {
      const dx = external.x - w.x[i],
        dy = external.y - w.y[i];
      const r2 = dx * dx + dy * dy + e2;
      const s = (p.G * external.m) / (r2 * Math.sqrt(r2));
      ax[i] += s * dx;
      ay[i] += s * dy;
    }
    opened[i] = r.opened;
    approximated[i] = r.approximated;
    interactions[i] = r.approximated + r.direct;
  }
  return {ax, ay, opened, approximated, interactions};
}

/** The walk for a probe point that is not a body (the bh-probe figure): which cells are opened and which approximated. */
export function probeWalk(w: WalkInput, p: WalkParams, px: number, py: number): ProbeWalk {
  const opened: number[] = [],
    approximated: number[] = [];
  const r = walkPoint(w, p, px, py, -1, (j, approx) => (approx ? approximated : opened).push(j));
  return {ax: r.ax, ay: r.ay, opened, approximated, direct: r.direct, interactions: r.approximated + r.direct};
}

/**
 * The twin of the subgroup-cooperative walk (shaders/gravity/walk_subgroup.wgsl): bodies are
 * taken in groups of `groupSize` consecutive sorted (Morton-order) bodies, the lanes of one
 * GPU subgroup. Each group walks the tree once with one shared stack: a cell is taken as a
 * single term only if EVERY body of the group accepts it (s² < θ²·d² for each), otherwise it is
 * opened for all of them; an opened leaf's bodies are summed per body (self skipped).
 *
 * The cells it opens are a superset of those each body's own walk opens, so it evaluates at
 * least as many force terms (θ < 1/√2: no body ever accepts its own cell). groupSize 1 is the
 * per-thread walk. Returns accelerations (G included, plus the external mass) and work counts
 * per body, in sorted order; `opened`/`approximated` are the group's shared counts.
 * Errors: RangeError when groupSize is not an integer ≥ 1.
 */
export function walkSubgroupTwin(w: WalkInput, p: WalkParams, groupSize: number, external?: ExternalMass): Accelerations & WalkCounts {
  if (!(Number.isInteger(groupSize) && groupSize >= 1)) throw new RangeError(`groupSize must be an integer ≥ 1, got ${groupSize}`);
  const t = w.tree;
  const n = w.x.length;
  const ax = new Float64Array(n),
    ay = new Float64Array(n);
  const opened = new Uint32Array(n),
    approximated = new Uint32Array(n),
    interactions = new Uint32Array(n);
  const e2 = p.softening * p.softening;
  const theta2 = p.theta * p.theta;
  const prep = prepare(w);
  const {cx, cy, size2, stack} = prep;
  for (let g0 = 0; g0 < n; g0 += groupSize) {
    const g1 = Math.min(n, g0 + groupSize);
    let groupOpened = 0,
      groupApprox = 0;
    let sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
      const j = stack[--sp];
      const M = t.mass[j];
      if (!(M > 0)) continue;
      let all = true;
      for (let i = g0; i < g1 && all; i++) {
        const dx = cx[j] - w.x[i],
          dy = cy[j] - w.y[i];
        all = size2[j] < theta2 * (dx * dx + dy * dy);
      }
      if (all) {
        for (let i = g0; i < g1; i++) {
          const [fx, fy] = cellPull(prep, j, M, cx[j] - w.x[i], cy[j] - w.y[i], e2);
          ax[i] += fx;
          ay[i] += fy;
          interactions[i]++;
        }
        groupApprox++;
        continue;
      }
      groupOpened++;
      if (t.childCount[j] === 0) {
        for (let i = g0; i < g1; i++) {
          for (let k = t.lo[j]; k < t.hi[j]; k++) {
            if (k === i) continue;
            const bx = w.x[k] - w.x[i],
              by = w.y[k] - w.y[i];
            const r2 = bx * bx + by * by + e2;
            const s = w.m[k] / (r2 * Math.sqrt(r2));
            ax[i] += s * bx;
            ay[i] += s * by;
            interactions[i]++;
          }
        }
      } else {
        for (let c = t.firstChild[j] + t.childCount[j] - 1; c >= t.firstChild[j]; c--) stack[sp++] = c;
      }
    }
    for (let i = g0; i < g1; i++) {
      ax[i] *= p.G;
      ay[i] *= p.G;
      if (external && external.m > 0) {
        const dx = external.x - w.x[i],
          dy = external.y - w.y[i];
        const r2 = dx * dx + dy * dy + e2;
        const s = (p.G * external.m) / (r2 * Math.sqrt(r2));
        ax[i] += s * dx;
        ay[i] += s * dy;
      }
      opened[i] = groupOpened;
      approximated[i] = groupApprox;
    }
  }
  return {ax, ay, opened, approximated, interactions};
}

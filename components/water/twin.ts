/**
 * CPU twin of the SPH kernels (shaders/water/*.wgsl, the essay's §5 water section): same inputs, same outputs,
 * plain TypeScript. The oracle of the GPU tests and the engine of the no-WebGPU fallback.
 *
 * One substep = counting sort into cell order (twin of shaders/sort/) → density pass →
 * force pass (pressure, near-pressure, XSPH, walls, pointer, integration), exactly the
 * GPU's order of operations. Sums run in float64 here and float32 on the GPU, and the
 * order inside a cell differs, so results agree to rounding, not bit for bit.
 */
import {cellCoord, cellWindow, type GridParams} from "../sort/grid.js";
import {allocParticles, PARTICLE_WORDS, type PackedParticles} from "../sort/particles.js";
import {sortTwin} from "../sort/twin.js";
import {DENSITY_BINS, type PointerState, type WaterParams} from "./params.js";

export {DENSITY_BINS};

/** Keys of the 3×3 window around the cell of (x, y), each once (cellWindow; the kernels' cell_window). */
export function windowKeys(g: GridParams, x: number, y: number): number[] {
  const inv = Math.fround(1 / g.cellSize);
  return cellWindow(g, cellCoord(x, g.originX, inv), cellCoord(y, g.originY, inv)).map((b) => b.key);
}

const REACH_SLACK = 1.001;

/**
 * The slot ranges [first, end) of the sorted array that can hold a neighbour of (x, y)
 * closer than `reach` (twin of neighbour_ranges in shaders/water/neighbours.wgsl): on a
 * dense grid one run per row of cells the disc crosses, cut to the columns it reaches in
 * that row; on a spatial hash one range per distinct bucket of the 3×3 window.
 */
export function neighbourRanges(g: GridParams, starts: Uint32Array, x: number, y: number, reach: number): [number, number][] {
  if (g.hashed) return windowKeys(g, x, y).map((key) => [starts[key], starts[key + 1]]);
  const inv = Math.fround(1 / g.cellSize);
  const rr = reach * REACH_SLACK;
  const clampTo = (v: number, hi: number) => Math.max(0, Math.min(hi, v));
  const y0 = clampTo(cellCoord(y - rr, g.originY, inv), g.dimY - 1);
  const y1 = Math.min(clampTo(cellCoord(y + rr, g.originY, inv), g.dimY - 1), y0 + 8);
  const out: [number, number][] = [];
  for (let cy = y0; cy <= y1; cy++) {
    const bandLo = g.originY + cy * g.cellSize;
    const dy = Math.max(bandLo - y, y - (bandLo + g.cellSize), 0);
    const half = Math.sqrt(Math.max(rr * rr - dy * dy, 0));
    const x0 = clampTo(cellCoord(x - half, g.originX, inv), g.dimX - 1);
    const x1 = clampTo(cellCoord(x + half, g.originX, inv), g.dimX - 1);
    out.push([starts[cy * g.dimX + x0], starts[cy * g.dimX + x1 + 1]]);
  }
  return out;
}

/** Density pass (density.wgsl): ρ and near-ρ for every slot of the sorted particles. */
export function densityTwin(g: GridParams, p: WaterParams, sorted: PackedParticles, starts: Uint32Array) {
  const n = sorted.count,
    f = sorted.f32;
  const density = new Float32Array(n),
    near = new Float32Array(n);
  const h2 = p.h * p.h,
    invH = 1 / p.h;
  for (let i = 0; i < n; i++) {
    const xi = f[i * PARTICLE_WORDS],
      yi = f[i * PARTICLE_WORDS + 1];
    let rho = 0,
      rhoNear = 0;
    for (const [first, end] of neighbourRanges(g, starts, xi, yi, p.h)) {
      for (let j = first; j < end; j++) {
        const dx = f[j * PARTICLE_WORDS] - xi,
          dy = f[j * PARTICLE_WORDS + 1] - yi;
        const r2 = dx * dx + dy * dy;
        if (j !== i && r2 < h2) {
          const q = 1 - Math.sqrt(r2) * invH;
          rho += q * q;
          rhoNear += q * q * q;
        }
      }
    }
    density[i] = rho;
    near[i] = rhoNear;
  }
  return {density, near};
}

/** Per-particle wall offset in [0, h/100) (wall_offset in force.wgsl). */
function wallOffset(p: WaterParams, id: number): number {
  const x = Math.fround((id % 65536) * Math.fround(0.61803398875));
  return p.h * 0.01 * (x - Math.floor(x));
}

function wallAxis(p: WaterParams, x: number, v: number, lo: number, hi: number): number {
  let a = 0;
  const below = lo + p.wallBand - x;
  if (below > 0) {
    a += p.wallK * below;
    if (v < 0) a -= p.wallDamping * v;
  }
  const above = x - (hi - p.wallBand);
  if (above > 0) {
    a -= p.wallK * above;
    if (v > 0) a -= p.wallDamping * v;
  }
  return a;
}

/** Force pass (force.wgsl): the new state of every sorted slot, written to a new buffer. */
function forceTwin(
  g: GridParams,
  p: WaterParams,
  sorted: PackedParticles,
  starts: Uint32Array,
  density: Float32Array,
  near: Float32Array,
  pointer?: PointerState | null
): PackedParticles {
  const n = sorted.count,
    f = sorted.f32,
    u = sorted.u32;
  const out = allocParticles(n);
  const h2 = p.h * p.h,
    invH = 1 / p.h;
  const ptr = pointer?.active && p.pointerRadius > 0 ? pointer : null;
  for (let i = 0; i < n; i++) {
    const o = i * PARTICLE_WORDS;
    const xi = f[o],
      yi = f[o + 1],
      vxi = f[o + 2],
      vyi = f[o + 3],
      id = u[o + 4];
    const pI = p.k * (density[i] - p.restDensity),
      pnI = p.kNear * near[i];
    let pushX = 0,
      pushY = 0,
      dvx = 0,
      dvy = 0,
      wsum = 0;
    for (const [first, end] of neighbourRanges(g, starts, xi, yi, p.h)) {
      for (let j = first; j < end; j++) {
        const oj = j * PARTICLE_WORDS;
        const dx = xi - f[oj],
          dy = yi - f[oj + 1];
        const r2 = dx * dx + dy * dy;
        if (j === i || r2 >= h2) continue;
        const r = Math.sqrt(r2),
          q = 1 - r * invH;
        const pJ = p.k * (density[j] - p.restDensity),
          pnJ = p.kNear * near[j];
        const mag = 0.5 * (pI + pJ) * q + 0.5 * (pnI + pnJ) * q * q;
        if (r > 1e-9) {
          pushX += (mag / r) * dx;
          pushY += (mag / r) * dy;
        }
        const q2 = q * q;
        dvx += (f[oj + 2] - vxi) * q2;
        dvy += (f[oj + 3] - vyi) * q2;
        wsum += q2;
      }
    }
    let ax = pushX * p.pressureScale,
      ay = -p.gravity + pushY * p.pressureScale;
    const off = wallOffset(p, id);
    const lox = p.tank[0] + off,
      loy = p.tank[1] + off,
      hix = p.tank[2] - off,
      hiy = p.tank[3] - off;
    ax += wallAxis(p, xi, vxi, lox, hix);
    ay += wallAxis(p, yi, vyi, loy, hiy);
    if (ptr) {
      const dist = Math.hypot(xi - ptr.x, yi - ptr.y);
      if (dist < p.pointerRadius) {
        const s = p.pointerStrength * (1 - dist / p.pointerRadius);
        ax += s * (ptr.vx - vxi);
        ay += s * (ptr.vy - vyi);
      }
    }
    let xs = p.xsph;
    if (xs * wsum > 0.5) xs = 0.5 / wsum;
    let vx = vxi + xs * dvx + ax * p.dt,
      vy = vyi + xs * dvy + ay * p.dt;
    const speed = Math.hypot(vx, vy);
    if (speed > p.maxSpeed) {
      vx *= p.maxSpeed / speed;
      vy *= p.maxSpeed / speed;
    }
    let x = xi + vx * p.dt,
      y = yi + vy * p.dt;
    if (x < lox) {
      x = lox;
      vx = Math.max(vx, 0);
    }
    if (x > hix) {
      x = hix;
      vx = Math.min(vx, 0);
    }
    if (y < loy) {
      y = loy;
      vy = Math.max(vy, 0);
    }
    if (y > hiy) {
      y = hiy;
      vy = Math.min(vy, 0);
    }
    out.f32[o] = x;
    out.f32[o + 1] = y;
    out.f32[o + 2] = vx;
    out.f32[o + 3] = vy;
    out.u32[o + 4] = id;
    out.u32[o + 5] = u[o + 5];
  }
  return out;
}

interface SubstepResult {
  /** the new state, in the cell order of this substep's sort */
  particles: PackedParticles;
  /** density and near-density per slot of that order */
  density: Float32Array;
  near: Float32Array;
}

/** One whole substep: sort, density, force. */
export function substepTwin(g: GridParams, p: WaterParams, src: PackedParticles, pointer?: PointerState | null): SubstepResult {
  const {sorted, starts} = sortTwin(g, src);
  const {density, near} = densityTwin(g, p, sorted, starts);
  return {particles: forceTwin(g, p, sorted, starts, density, near, pointer), density, near};
}

/** Stats pass (stats.wgsl): density histogram over [0, 2ρ₀) in 64 bins and the max speed. */
export function statsTwin(p: WaterParams, particles: PackedParticles, density: Float32Array) {
  const bins = new Uint32Array(DENSITY_BINS);
  let maxSpeed = 0;
  for (let i = 0; i < particles.count; i++) {
    const x = Math.fround((density[i] / Math.fround(2 * p.restDensity)) * DENSITY_BINS);
    bins[Math.min(DENSITY_BINS - 1, Math.max(0, Math.floor(x)))]++;
    maxSpeed = Math.max(maxSpeed, Math.hypot(particles.f32[i * PARTICLE_WORDS + 2], particles.f32[i * PARTICLE_WORDS + 3]));
  }
  return {bins, maxSpeed};
}

/**
 * CPU twin of the sand substep (the essay's §4 sand section): the counting sort (components/sort/twin.ts)
 * followed by the contact-force + integration kernel of shaders/sand/forces.wgsl, with the
 * same inputs and outputs. The oracle of the GPU tests and the engine of the fallback
 * (at about 2,000 grains) when WebGPU is missing.
 *
 * Arithmetic is in f64 (the GPU uses f32), and inside a cell the GPU visits grains in the
 * order its atomics handed out: results agree to about 1e-6 relative, not bit for bit.
 */
import {cellCoord, cellWindow, type GridParams} from "../sort/grid.js";
import {allocParticles, PARTICLE_WORDS, type PackedParticles} from "../sort/particles.js";
import {sortTwin} from "../sort/twin.js";
import {SAND_BOX_LO, type SandParams} from "./params.js";

interface SandStats {
  /** Grains examined by the distance test (over all grains of the pass). */
  candidates: number;
  /** Of those, grains from another cell sharing a hash bucket. */
  collided: number;
  /** Touching grain pairs counted from both sides. */
  contacts: number;
}

/**
 * The forces kernel on the CPU: `sorted` holds the grains in cell order with `starts`
 * (numCells + 1) from the same sort; returns the next state in the same slots, and the stats.
 */
function sandForcesTwin(p: SandParams, g: GridParams, sorted: PackedParticles, starts: Uint32Array): {next: PackedParticles; stats: SandStats} {
  const n = sorted.count;
  const s = sorted.f32;
  const su = sorted.u32;
  const next = allocParticles(n);
  const stats: SandStats = {candidates: 0, collided: 0, contacts: 0};
  const inv = Math.fround(1 / g.cellSize);
  const r = p.radius,
    d = 2 * r;
  for (let i = 0; i < n; i++) {
    const o = i * PARTICLE_WORDS;
    const x = s[o],
      y = s[o + 1],
      vx = s[o + 2],
      vy = s[o + 3];
    let fx = 0,
      fy = -p.gravity;
    let dxx = 0,
      dxy = 0,
      dyy = 0; // the grain's own contact damping (symmetric 2×2), taken implicitly
    let contactsHere = 0;
    const cx = cellCoord(x, g.originX, inv),
      cy = cellCoord(y, g.originY, inv);
    for (const b of cellWindow(g, cx, cy)) {
      for (let j = starts[b.key]; j < starts[b.key + 1]; j++) {
        if (j === i) continue;
        const q = j * PARTICLE_WORDS;
        stats.candidates++;
        if (g.hashed && (cellCoord(s[q], g.originX, inv) !== b.cx || cellCoord(s[q + 1], g.originY, inv) !== b.cy)) stats.collided++;
        const rx = x - s[q],
          ry = y - s[q + 1];
        const dist2 = rx * rx + ry * ry;
        if (dist2 < d * d && dist2 > 1e-14) {
          const dist = Math.sqrt(dist2);
          const nx = rx / dist,
            ny = ry / dist;
          const rvx = vx - s[q + 2],
            rvy = vy - s[q + 3];
          const vn = rvx * nx + rvy * ny;
          const push = p.stiffness * (d - dist) - p.damping * vn;
          if (push > 0) {
            fx += push * nx;
            fy += push * ny;
            dxx += p.damping * nx * nx;
            dxy += p.damping * nx * ny;
            dyy += p.damping * ny * ny;
          }
          fx -= p.friction * (rvx - vn * nx);
          fy -= p.friction * (rvy - vn * ny);
          dxx += p.friction * (1 - nx * nx);
          dxy -= p.friction * nx * ny;
          dyy += p.friction * (1 - ny * ny);
          stats.contacts++;
          contactsHere++;
        }
      }
    }
    const wall = (pen: number, vIn: number) => Math.max(p.wallStiffness * pen + p.damping * vIn, 0);
    const penFloor = SAND_BOX_LO.y + r - y;
    if (penFloor > 0) {
      fy += wall(penFloor, -vy);
      fx -= p.friction * vx;
    }
    if (!p.openWalls) {
      const penL = SAND_BOX_LO.x + r - x;
      if (penL > 0) fx += wall(penL, -vx);
      const penR = x - (p.box - r);
      if (penR > 0) fx -= wall(penR, vx);
      const penT = y - (p.box - r);
      if (penT > 0) fy -= wall(penT, vy);
    }
    if (p.pointer.active) {
      const rx = x - p.pointer.x,
        ry = y - p.pointer.y;
      const dist = Math.hypot(rx, ry);
      if (dist < p.pointer.radius && dist > 1e-7) {
        const k = (p.pointer.strength * (1 - dist / p.pointer.radius)) / dist;
        fx += k * rx;
        fy += k * ry;
      }
    }
    // semi-implicit damping: (I + dt·D) v' = v + dt·(f + D·v)
    const a00 = 1 + p.dt * dxx,
      a01 = p.dt * dxy,
      a11 = 1 + p.dt * dyy;
    const r0 = vx + p.dt * (fx + dxx * vx + dxy * vy),
      r1 = vy + p.dt * (fy + dxy * vx + dyy * vy);
    const det = a00 * a11 - a01 * a01;
    const drag = p.drag + (contactsHere > 0 ? p.contactDrag : 0);
    const keep = Math.max(1 - drag * p.dt, 0);
    let nvx = ((a11 * r0 - a01 * r1) / det) * keep,
      nvy = ((a00 * r1 - a01 * r0) / det) * keep;
    const speed = Math.hypot(nvx, nvy);
    if (speed > p.maxSpeed) {
      nvx *= p.maxSpeed / speed;
      nvy *= p.maxSpeed / speed;
    }
    let nx = x + nvx * p.dt,
      ny = y + nvy * p.dt;
    const inset = 0.25 * r;
    if (ny < SAND_BOX_LO.y + inset) {
      ny = SAND_BOX_LO.y + inset;
      nvy = Math.max(nvy, 0);
    }
    if (!p.openWalls) {
      if (nx < SAND_BOX_LO.x + inset) {
        nx = SAND_BOX_LO.x + inset;
        nvx = Math.max(nvx, 0);
      }
      if (nx > p.box - inset) {
        nx = p.box - inset;
        nvx = Math.min(nvx, 0);
      }
      if (ny > p.box - inset) {
        ny = p.box - inset;
        nvy = Math.min(nvy, 0);
      }
    }
    next.f32[o] = nx;
    next.f32[o + 1] = ny;
    next.f32[o + 2] = nvx;
    next.f32[o + 3] = nvy;
    next.u32[o + 4] = su[o + 4];
    next.u32[o + 5] = su[o + 5];
  }
  return {next, stats};
}

/** One whole substep on the CPU: sort `input` by cell, then forces + integration. */
export function sandSubstepTwin(p: SandParams, g: GridParams, input: PackedParticles) {
  const {sorted, starts, counts} = sortTwin(g, input);
  const {next, stats} = sandForcesTwin(p, g, sorted, starts);
  return {sorted, starts, counts, next, stats};
}

/** Kinetic energy per grain (unit mass), ½⟨|v|²⟩, world units²/s². */
export function kineticEnergyPerGrain(p: PackedParticles): number {
  let e = 0;
  for (let i = 0; i < p.count; i++) {
    const o = i * PARTICLE_WORDS;
    e += p.f32[o + 2] ** 2 + p.f32[o + 3] ** 2;
  }
  return p.count ? e / (2 * p.count) : 0;
}

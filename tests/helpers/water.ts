/** Test helpers for the SPH water: scenes and GPU/twin comparison by particle id. */
import {allocParticles, PARTICLE_WORDS, type PackedParticles} from "../../components/sort/particles.js";
import {rng} from "./rng.js";

/** Index of each id in a packed particle array: byId[id] = slot. */
export function slotsById(p: PackedParticles): Int32Array {
  const byId = new Int32Array(p.count).fill(-1);
  for (let s = 0; s < p.count; s++) byId[p.u32[s * PARTICLE_WORDS + 4]] = s;
  return byId;
}

/** Builds packed particles from [x, y, vx, vy] rows (ids = row index). */
export function particlesFrom(rows: number[][]): PackedParticles {
  const p = allocParticles(rows.length);
  rows.forEach(([x, y, vx = 0, vy = 0], i) => {
    p.f32.set([x, y, vx, vy], i * PARTICLE_WORDS);
    p.u32[i * PARTICLE_WORDS + 4] = i;
  });
  return p;
}

/** Jitters positions by ±amp and sets random velocities in ±vel (seeded). */
export function shake(p: PackedParticles, amp: number, vel: number, seed: number): PackedParticles {
  const r = rng(seed);
  for (let i = 0; i < p.count; i++) {
    const o = i * PARTICLE_WORDS;
    p.f32[o] += (r() * 2 - 1) * amp;
    p.f32[o + 1] += (r() * 2 - 1) * amp;
    p.f32[o + 2] = (r() * 2 - 1) * vel;
    p.f32[o + 3] = (r() * 2 - 1) * vel;
  }
  return p;
}

/**
 * Packed particle state, laid out exactly like `struct Particle` in
 * shaders/common/particle.wgsl: 6 words (24 bytes) per particle —
 * pos.x, pos.y (f32), vel.x, vel.y (f32), id (u32), key (u32).
 */
export const PARTICLE_WORDS = 6;
export const PARTICLE_BYTES = PARTICLE_WORDS * 4;

interface ParticleInit {
  x: number;
  y: number;
  vx?: number;
  vy?: number;
  id?: number;
}

/** A view over packed particles: f32 and u32 views of the same buffer. */
export interface PackedParticles {
  count: number;
  buffer: ArrayBuffer;
  f32: Float32Array;
  u32: Uint32Array;
}

/** Allocates `count` zeroed particles. */
export function allocParticles(count: number): PackedParticles {
  const buffer = new ArrayBuffer(Math.max(count, 0) * PARTICLE_BYTES);
  return {count, buffer, f32: new Float32Array(buffer), u32: new Uint32Array(buffer)};
}

/** Wraps an existing buffer (e.g. a GPU readback) of `count` particles. */
export function wrapParticles(buffer: ArrayBuffer, count: number): PackedParticles {
  return {count, buffer, f32: new Float32Array(buffer, 0, count * PARTICLE_WORDS), u32: new Uint32Array(buffer, 0, count * PARTICLE_WORDS)};
}

/** Packs plain particle objects; id defaults to the index, key starts at 0. */
export function packParticles(list: readonly ParticleInit[]): PackedParticles {
  const p = allocParticles(list.length);
  list.forEach((q, i) => {
    const o = i * PARTICLE_WORDS;
    p.f32[o] = q.x;
    p.f32[o + 1] = q.y;
    p.f32[o + 2] = q.vx ?? 0;
    p.f32[o + 3] = q.vy ?? 0;
    p.u32[o + 4] = q.id ?? i;
    p.u32[o + 5] = 0;
  });
  return p;
}

/** A copy (new buffer) of packed particles. */
export function cloneParticles(p: PackedParticles): PackedParticles {
  const q = allocParticles(p.count);
  q.u32.set(p.u32.subarray(0, p.count * PARTICLE_WORDS));
  return q;
}

/**
 * The exercises' seeded inputs and the readers of their buffers: every task's input is a
 * function of (size, seed), and every twin reads back what it needs from the input's buffers
 * alone, so an input that crossed a worker boundary (structured clone) still checks.
 * Positions sit on lattices of powers of two, so that every key and every distance in the
 * tasks is exact in f32 on the GPU, in f64 in the interpreter and in the twins alike.
 */
import {mulberry32} from "../sim/rng.js";
import {denseGrid, packGrid, type GridParams} from "../sort/grid.js";
import {allocParticles, PARTICLE_WORDS, type PackedParticles} from "../sort/particles.js";

/** Threads per workgroup of every task's kernel. */
const WORKGROUP = 256;

/** Workgroups that cover `n` items at one thread each (at least one). */
export function workgroupsFor(n: number): [number, number, number] {
  return [Math.max(1, Math.ceil(n / WORKGROUP)), 1, 1];
}

/** A seeded generator of floats in [0, 1) (mulberry32; the seed mixes in the size so each case differs). */
export function random(size: number, seed: number): () => number {
  return mulberry32((seed * 2654435761 + size * 40503) >>> 0);
}

/** A value on the lattice of step 2^-bits (exact in f32 for |v| < 2^(24 - bits)). */
export function onLattice(v: number, bits: number): number {
  return Math.round(v * 2 ** bits) / 2 ** bits;
}

/** The 48-byte Grid uniform of shaders/common/grid.wgsl (packGrid) as words. */
export function gridWords(g: GridParams, numParticles: number): Uint32Array {
  return new Uint32Array(packGrid(g, numParticles));
}

/** The dense grid a Grid uniform describes (origin, cell size, dims: the fields the tasks use). */
export function gridOf(words: Uint32Array | Float32Array): GridParams {
  const u = new Uint32Array(words.buffer, words.byteOffset, 12);
  const f = new Float32Array(words.buffer, words.byteOffset, 12);
  return denseGrid(u[4], u[5], f[3], f[0], f[1]);
}

/** Packed particles (24 B each: pos, vel, id, key) at the given positions, id = index, key = 0. */
export function particlesAt(xs: ArrayLike<number>, ys: ArrayLike<number>): PackedParticles {
  const p = allocParticles(xs.length);
  for (let i = 0; i < xs.length; i++) {
    const o = i * PARTICLE_WORDS;
    p.f32[o] = xs[i];
    p.f32[o + 1] = ys[i];
    p.u32[o + 4] = i;
  }
  return p;
}

/** A copy of the particles held in `words` (a buffer of whole 24-byte records). */
export function particlesOf(words: Uint32Array | Float32Array): PackedParticles {
  const count = Math.floor(words.byteLength / (PARTICLE_WORDS * 4));
  const p = allocParticles(count);
  p.u32.set(new Uint32Array(words.buffer, words.byteOffset, count * PARTICLE_WORDS));
  return p;
}

/** The buffer's words as u32 (same bits). */
export function u32Of(words: Uint32Array | Float32Array): Uint32Array {
  return new Uint32Array(words.buffer, words.byteOffset, words.length);
}

/** The buffer's words as f32 (same bits). */
export function f32Of(words: Uint32Array | Float32Array): Float32Array {
  return new Float32Array(words.buffer, words.byteOffset, words.length);
}

/** `n` small counts (0..max) from the seeded stream. */
export function smallCounts(n: number, rand: () => number, max = 9): Uint32Array {
  const v = new Uint32Array(n);
  for (let i = 0; i < n; i++) v[i] = Math.floor(rand() * (max + 1));
  return v;
}

/**
 * The sand's starting state ("re-pour"): grains on a loose, jittered square lattice in a
 * block hanging from the top of the box, so it collapses into a pile. Deterministic for a
 * given seed. Spacing 1.1 diameters and every grain at rest, so no two grains touch until
 * the block lands (a grain in contact feels the sand's contact drag, params.ts).
 */
import {allocParticles, PARTICLE_WORDS, type PackedParticles} from "../sort/particles.js";
import {SAND_BOX, SAND_CELL} from "./params.js";
import {mulberry32} from "../sim/rng.js";

export {mulberry32};

/**
 * `count` grains (ids 0..count-1) in a block whose width grows with the count (at most
 * 90 % of the box), its top just under the lid, offset left of centre so the pile is
 * lopsided. `top`: height of the block's top row (default just under the lid); `box`: side
 * of the closed box [0, box]² (default the full SAND_BOX; the block keeps its shape relative
 * to the box: 0.2·box wide at least). Errors: RangeError when `count` does not fit the box.
 */
export function pourSand(count: number, seed = 1, top?: number, box = SAND_BOX): PackedParticles {
  const spacing = 1.1 * SAND_CELL;
  const area = count * spacing * spacing;
  const width = Math.min(0.9 * box, Math.max(0.2 * box, Math.sqrt(area) * 1.25));
  const cols = Math.max(1, Math.floor(width / spacing));
  const rows = Math.ceil(count / cols);
  const lid = top ?? box - 1.5 * SAND_CELL;
  if (rows * spacing > lid) throw new RangeError(`${count} grains do not fit the box`);
  const left = Math.max(SAND_CELL, 0.45 * box - (cols * spacing) / 2);
  const rand = mulberry32(seed);
  const p = allocParticles(count);
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / cols),
      col = i % cols;
    const o = i * PARTICLE_WORDS;
    p.f32[o] = left + (col + 0.5) * spacing + (rand() - 0.5) * 0.08 * SAND_CELL;
    p.f32[o + 1] = lid - row * spacing + (rand() - 0.5) * 0.08 * SAND_CELL;
    p.f32[o + 2] = 0; // at rest: a sideways kick would make grains touch during the fall
    p.f32[o + 3] = 0;
    p.u32[o + 4] = i;
  }
  return p;
}

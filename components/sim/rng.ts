/**
 * mulberry32: a tiny seeded PRNG (floats in [0, 1)) for reproducible initial states of the
 * simulations and for test inputs. Same seed ⇒ same sequence, on every machine.
 * (The teaching diagrams use d3.randomLcg; the simulations keep this one so that their
 * tuned starting states stay as they were measured.)
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The counting-sort widget's hook for a kernel the page replaces (components/widgets/counting-sort/replacement.ts):
// a replacement that computes what the widget's own kernel computes changes nothing; one that
// differs drives every later phase; one that fails says so by its label.
import {describe, expect, it} from "vitest";
import {packParticles} from "../../components/sort/particles.js";
import {plainSnapshots, seededParticles, teachingGrid} from "../../components/sort/teaching.js";
import {countingSortTwin, exclusiveFromInclusive, hillisSteeleRound} from "../../components/sort/twin.js";
import {replaceKernel, type SortKernel} from "../../components/widgets/counting-sort/replacement.js";

const side = 4;
const particles = seededParticles(7, 56, side, side);
const base = plainSnapshots(countingSortTwin(teachingGrid(side, side), packParticles(particles)));
const kernel = (phase: SortKernel["phase"], run: SortKernel["run"]): SortKernel => ({phase, label: `your ${phase} kernel`, run});

describe("replaceKernel", () => {
  it("a replacement equal to the widget's own kernel gives the same snapshots, for every phase", async () => {
    const same: SortKernel[] = [
      kernel("key", async (i) => i.keys),
      kernel("count", async (i) => {
        const c = new Uint32Array(side * side);
        for (const k of i.keys) c[k]++;
        return c;
      }),
      kernel("scan-round", async (i) => hillisSteeleRound(i.src!, i.stride!)),
      kernel("scan", async () => base.scanRounds.at(-1)!),
      kernel("shift", async (i) => exclusiveFromInclusive(i.inclusive!)),
      kernel("scatter", async () => base.order),
    ];
    for (const k of same) expect(await replaceKernel(base, particles, side, k), k.phase).toEqual(base);
  });

  it("a different count drives the scan rounds, the starts and the scatter", async () => {
    // every particle's key moved to cell 0 by a key kernel: one cell holds them all
    const got = await replaceKernel(
      base,
      particles,
      side,
      kernel("key", async () => new Uint32Array(56))
    );
    expect(got.counts[0]).toBe(56);
    expect(got.scanRounds.at(-1)).toEqual(Array(16).fill(56));
    expect(got.starts).toEqual([0, ...Array(16).fill(56)]);
    expect([...got.order].sort((a, b) => a - b)).toEqual(particles.map((p) => p.id));
  });

  it("a replacement that fails, or gives the wrong length or a count that loses particles, is an error naming it", async () => {
    await expect(
      replaceKernel(
        base,
        particles,
        side,
        kernel("count", async () => new Uint32Array(3))
      )
    ).rejects.toThrow("your count kernel returned 3 values, 16 expected");
    await expect(
      replaceKernel(
        base,
        particles,
        side,
        kernel("count", async () => new Uint32Array(16))
      )
    ).rejects.toThrow("your count kernel: the cells hold 0 particles, not 56");
    await expect(
      replaceKernel(
        base,
        particles,
        side,
        kernel("key", async () => new Uint32Array(56).fill(99))
      )
    ).rejects.toThrow("outside the 16 cells");
    await expect(
      replaceKernel(
        base,
        particles,
        side,
        kernel("scan", () => Promise.reject(new Error("device lost")))
      )
    ).rejects.toThrow("device lost");
  });
});

// The CPU twin of the counting sort, on its own: scans, keys, scatter.
import {describe, expect, it} from "vitest";
import {blockScanTwin, countingSortTwin, exclusiveFromInclusive, exclusiveScan, hillisSteeleRounds, scanRoundCount} from "../../components/sort/twin.js";
import {cellKey, denseGrid, validateGrid} from "../../components/sort/grid.js";
import {packParticles} from "../../components/sort/particles.js";
import {rng} from "../helpers/rng.js";

describe("scans", () => {
  it("Hillis–Steele takes ceil(log2 n) rounds and ends at the inclusive scan", () => {
    expect([1, 2, 6, 16, 17, 1000, 65536].map(scanRoundCount)).toEqual([0, 1, 3, 4, 5, 10, 16]);
    const r = rng(1);
    for (const n of [1, 2, 6, 16, 257, 1000]) {
      const v = Uint32Array.from({length: n}, () => Math.floor(r() * 9));
      const rounds = hillisSteeleRounds(v);
      const inclusive = rounds.length ? rounds[rounds.length - 1] : v;
      expect(exclusiveFromInclusive(inclusive)).toEqual(exclusiveScan(v));
      expect(blockScanTwin(v).starts).toEqual(exclusiveScan(v));
    }
  });
  it("round k adds the value 2^k places to the left", () => {
    const rounds = hillisSteeleRounds(Uint32Array.from([2, 0, 1, 3, 1, 4]));
    expect(Array.from(rounds[0])).toEqual([2, 2, 1, 4, 4, 5]);
    expect(Array.from(rounds[1])).toEqual([2, 2, 3, 6, 5, 9]);
    expect(Array.from(rounds[2])).toEqual([2, 2, 3, 6, 7, 11]);
  });
  it("block scan: 65,536 cells as 256 blocks with offsets", () => {
    const v = new Uint32Array(65536).fill(1);
    const b = blockScanTwin(v);
    expect(b.blockSums.length).toBe(256);
    expect(b.blockOffsets[255]).toBe(255 * 256);
    expect(b.starts[65536]).toBe(65536);
  });
});

describe("cell keys", () => {
  const g = denseGrid(4, 4, 0.5, -1, -1);
  it("borders belong to the cell on their right/top; outside positions clamp", () => {
    expect(cellKey(g, -1, -1)).toBe(0);
    expect(cellKey(g, -0.5, -1)).toBe(1);
    expect(cellKey(g, 0.999, 0.999)).toBe(15);
    expect(cellKey(g, 1, 1)).toBe(15);
    expect(cellKey(g, -50, 50)).toBe(12);
  });
  it("hashed keys stay in the table for negative and huge coordinates", () => {
    const h = {...g, numCells: 1024, hashed: true};
    validateGrid(h);
    for (const [x, y] of [
      [-1e9, 5],
      [1e12, -1e12],
      [-3.2, -7.9],
      [0, 0],
      [Infinity, -Infinity],
    ]) {
      const k = cellKey(h, x, y);
      expect(Number.isInteger(k) && k >= 0 && k < 1024).toBe(true);
    }
  });
  it("rejects bad grids with a RangeError naming the field", () => {
    expect(() => denseGrid(0, 4, 1)).toThrow(/numCells/);
    expect(() => denseGrid(4, 4, 0)).toThrow(/cellSize/);
    expect(() => validateGrid({...g, numCells: 1000, hashed: true})).toThrow(/power-of-two/);
  });
});

describe("counting sort twin", () => {
  it("sorts into contiguous cell ranges, keeping every particle", () => {
    const g = denseGrid(4, 4, 1);
    const r = rng(5);
    const p = packParticles(Array.from({length: 56}, (_, i) => ({x: r() * 4, y: r() * 4, id: i})));
    const s = countingSortTwin(g, p);
    expect(s.counts.reduce((a, b) => a + b, 0)).toBe(56);
    expect(s.scanRounds.length).toBe(4);
    expect([...s.order].sort((a, b) => a - b)).toEqual(Array.from({length: 56}, (_, i) => i));
    for (let c = 0; c < 16; c++) for (let k = s.starts[c]; k < s.starts[c + 1]; k++) expect(s.keys[s.order[k]]).toBe(c);
  });
});

// The 3D page's radix sort with 5-bit digits (shaders/gravity/radix_bitmap.wgsl, 6 passes over the
// 30-bit keys) against its twin (radixPass with `bits` 5, components/gravity/radix.ts): sorted keys
// and permutation EQUAL the twin's exactly at block-edge sizes, and equal the 4-bit sort's (the
// sort is stable, so its result is unique whatever the digit width).
import {describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {radixPass, radixPasses, radixSortTwin} from "../../components/gravity/radix.js";
import {Gravity3GPU} from "../../components/gravity3d/gpu.js";
import {gpuSuite} from "../helpers/gpu.js";
import {rng} from "../helpers/rng.js";

const SIZES = [1, 255, 256, 257, 100_003];
const MAX = 100_003;

/** 30-bit keys with many repeats (few distinct high bits, so equal digits and equal keys both occur). */
function keys30(n: number, seed: number): Uint32Array {
  const r = rng(seed);
  const k = new Uint32Array(n);
  for (let i = 0; i < n; i++) k[i] = r() < 0.3 ? k[Math.floor(r() * i)] || 0 : Math.floor(r() * 2 ** 30) & (r() < 0.5 ? 0x3e0f83ff : 0x3fffffff);
  return k;
}

describe("the twin with a digit width", () => {
  it("passes: 8 of 4 bits for 32-bit keys, 6 of 5 bits for 30-bit ones", () => {
    expect(radixPasses()).toBe(8);
    expect(radixPasses(5, 30)).toBe(6);
    expect(radixPasses(5, 32)).toBe(7);
  });
  it("one 5-bit pass is a stable counting sort on bits shift..shift+4", () => {
    const k = keys30(2000, 3);
    const v = Uint32Array.from({length: k.length}, (_, i) => i);
    const out = radixPass(k, v, 10, 5);
    const expected = Array.from(k, (key, i) => [(key >>> 10) & 31, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(Array.from(out.values)).toEqual(expected.map((e) => e[1]));
  });
  it("5-bit digits over 30 bits give the 4-bit sort's keys and permutation", () => {
    const k = keys30(50_000, 4);
    const four = radixSortTwin(k);
    const five = radixSortTwin(k, undefined, {bits: 5, keyBits: 30});
    expect(Array.from(five.keys)).toEqual(Array.from(four.keys));
    expect(Array.from(five.values)).toEqual(Array.from(four.values));
  });
  it("refuses keys wider than the passes cover, and bad widths", () => {
    expect(() => radixSortTwin(new Uint32Array([1, 2 ** 30]), undefined, {bits: 5, keyBits: 30})).toThrow(/more than 30 bits/);
    expect(() => radixSortTwin(new Uint32Array([1]), undefined, {bits: 0})).toThrow(RangeError);
  });
});

const pipes = new Map<4 | 5, Gravity3GPU>();

gpuSuite(async ({device}, scope) => {
  for (const bits of [4, 5] as const) pipes.set(bits, await Gravity3GPU.create(device, scope, nodeWGSL, {maxBodies: MAX, sortDigitBits: bits}));
});

describe("the GPU sort equals its twin", () => {
  for (const bits of [5, 4] as const)
    for (const n of SIZES) {
      it(`${bits}-bit digits, ${n.toLocaleString("en-US")} keys`, async () => {
        const k = keys30(n, 100 + n);
        const g = await pipes.get(bits)!.sortKeys(k);
        const twin = radixSortTwin(k, undefined, bits === 5 ? {bits: 5, keyBits: 30} : {});
        expect(Array.from(g.keys)).toEqual(Array.from(twin.keys));
        expect(Array.from(g.vals)).toEqual(Array.from(twin.values));
      });
    }
  it("all keys equal: the permutation is the identity (stability)", async () => {
    const k = new Uint32Array(1000).fill(0x2aaaaaaa);
    const g = await pipes.get(5)!.sortKeys(k);
    expect(Array.from(g.vals)).toEqual(Array.from({length: 1000}, (_, i) => i));
  });
  it("refuses keys wider than 30 bits with 5-bit digits", async () => {
    await expect(pipes.get(5)!.sortKeys(new Uint32Array([2 ** 30]))).rejects.toThrow(/30 bits/);
  });
});

// The test helpers' own checks: a helper that passed wrong arrays would hide every kernel bug.
import {expect, it} from "vitest";
import {expectSameArray} from "../helpers/arrays.js";

it("expectSameArray passes equal arrays and fails on a value, a length or a kind of array", () => {
  const a = new Uint32Array(65_537).map((_, i) => i * 7);
  expectSameArray(a, a.slice());
  expectSameArray(new Float32Array([Number.NaN, 1]), new Float32Array([Number.NaN, 1]));
  const b = a.slice();
  b[40_000] = 1;
  expect(() => expectSameArray(b, a, "starts")).toThrow(/starts: first difference at index 40000/);
  expect(() => expectSameArray(a.subarray(1), a)).toThrow(/length/);
  expect(() => expectSameArray(new Int32Array(3), new Uint32Array(3))).toThrow(/kind of array/);
});

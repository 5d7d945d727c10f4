/** Test helper: exact equality of long arrays, in linear time. */
import {expect} from "vitest";

type NumberArray = ArrayLike<number> & {constructor: unknown};

/**
 * Asserts that `actual` holds exactly the values of `expected` (same kind of array, same
 * length, each entry Object.is-equal): the check `toEqual` makes, without its deep walk,
 * which costs about a second per 65,536-entry typed array on the 2-core test machine. On a
 * mismatch it fails with the first differing index and the eight entries from there on.
 */
export function expectSameArray(actual: NumberArray, expected: NumberArray, label = "array") {
  expect(actual.constructor, `${label}: kind of array`).toBe(expected.constructor);
  expect(actual.length, `${label}: length`).toBe(expected.length);
  let i = 0;
  while (i < expected.length && Object.is(actual[i], expected[i])) i++;
  if (i === expected.length) return;
  const window = (a: NumberArray) => Array.from({length: Math.min(8, expected.length - i)}, (_, k) => a[i + k]);
  expect(window(actual), `${label}: first difference at index ${i}`).toEqual(window(expected));
}

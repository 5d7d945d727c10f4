// Soak tier: the sort's two ways of taking atomics (ranks "atomic" and "runs", with and
// without the key array) against the CPU twin at every count of the matrix
// (tests/helpers/sort-runs.ts) in a 6-cell and a 65,536-cell grid. The unit tier
// (tests/unit/sort-runs.test.ts) runs the same matrix at a few counts.
import {describe} from "vitest";
import {ALL_COUNTS, ranksMatrix, ranksSorters} from "../helpers/sort-runs.js";

const s = ranksSorters();

describe("the sort's ranks at every count of the matrix", () => {
  ranksMatrix(s.sorters, ALL_COUNTS, [6, 65_536]);
});

/** Options and `.value` of the three-dispatch scan diagram. */
import type {OptionSchema} from "../runtime/options.js";

export const scanBlocksSchema = {
  seed: {type: "number", label: "seed", default: 3, min: 0, max: 2 ** 31 - 1, doc: "Seed of the random counts, 0–3 per cell (d3.randomLcg)."},
} satisfies OptionSchema;

export type ScanBlocksOptions = {
  seed?: number;
  /** Framework's invalidation promise: everything is released when it resolves. */
  invalidation?: Promise<unknown>;
};

/** `.value` (fixed from creation): the scanned cells and block size, and the totals and exclusive offsets of the blocks drawn. */
export interface ScanBlocksValue {
  numCells: number;
  blockSize: number;
  blockSums: number[];
  blockOffsets: number[];
}

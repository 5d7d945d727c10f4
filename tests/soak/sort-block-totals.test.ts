// Soak tier: the count pass's block totals (count.wgsl, Dawn) for 3 and 40 particles per
// thread — the same cases as tests/unit/sort-block-totals.test.ts, which runs them for one
// particle per thread, the automatic choice and 7 scan blocks (and the dispatch arithmetic).
import type {CountingSortGPU} from "../../components/sort/gpu-sort.js";
import {type BlockConfig, blockSorters, describeBlockTotals} from "../helpers/block-totals.js";
import {gpuSuite} from "../helpers/gpu.js";

const CONFIGS: BlockConfig[] = [
  [256, 3],
  [256, 40],
];

let sorters: Map<string, CountingSortGPU>;
gpuSuite(async ({device}, scope) => {
  sorters = await blockSorters(CONFIGS, device, scope);
});

describeBlockTotals(CONFIGS, (label) => sorters.get(label)!);

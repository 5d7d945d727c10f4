// Soak tier: the count pass's block totals (count.wgsl, Dawn) for 3 and 40 particles per
// thread — the same cases as tests/unit/sort-block-totals.test.ts, which runs them for one
// particle per thread, the automatic choice and 7 scan blocks (and the dispatch arithmetic).
import {afterAll, beforeAll, expect} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {CountingSortGPU} from "../../components/sort/gpu-sort.js";
import {type BlockConfig, blockConfigName, describeBlockTotals, MAX_N} from "../helpers/block-totals.js";
import {testGPU} from "../helpers/gpu.js";

const CONFIGS: BlockConfig[] = [
  [256, 3],
  [256, 40],
];

let gpu: GPUHandle;
let scope: ResourceScope;
const sorters = new Map<string, CountingSortGPU>();

beforeAll(async () => {
  gpu = await testGPU();
  scope = new ResourceScope(gpu.device);
  for (const c of CONFIGS) {
    const [scanBlocks, countPerThread] = c;
    sorters.set(
      blockConfigName(c),
      await CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: MAX_N, maxCells: 65_536, scanBlocks, countPerThread, countWorkgroups: 2})
    );
  }
});
afterAll(() => {
  scope?.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

describeBlockTotals(CONFIGS, (label) => sorters.get(label)!);

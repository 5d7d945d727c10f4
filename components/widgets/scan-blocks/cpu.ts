/**
 * The diagram's numbers and its CPU engine: seeded random counts scanned by `blockScanTwin`,
 * the CPU twin of the three dispatches of shaders/sort/scan.wgsl, so the picture is a real
 * scan. The scan is cheap (65,536 cells), so it runs when the widget is created and its
 * `.value` is known at once; the engine draws it when the widget comes near the viewport.
 */
import * as d3 from "../../d3.js";
import {blockScanTwin} from "../../sort/twin.js";
import type {CPUEngineContext, Engine} from "../runtime/engine.js";

export const BLOCK = 256;
export const NUM_CELLS = 65_536;
/** Blocks drawn. */
export const SHOWN = 4;

export type BlockScan = ReturnType<typeof blockScanTwin>;

/** Random counts 0–3 per cell from `seed`, scanned block by block. */
export function blockScanModel(seed: number): BlockScan {
  const random = d3.randomLcg(seed);
  const counts = new Uint32Array(NUM_CELLS);
  for (let i = 0; i < NUM_CELLS; i++) counts[i] = Math.floor(random() * 4);
  return blockScanTwin(counts, BLOCK);
}

export function cpuEngine(ctx: CPUEngineContext, draw: () => void): Engine {
  draw();
  ctx.status.info("Numbers from the CPU twin of the three scan dispatches (blockScanTwin), on seeded random counts.");
  return {};
}

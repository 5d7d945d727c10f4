/**
 * A static d3 diagram of the three-dispatch exclusive scan of shaders/sort/scan.wgsl
 * (65,536 cells = 256 blocks × 256 cells): (a) every workgroup scans its block in
 * workgroup memory, (b) one workgroup scans the 256 block totals into offsets, (c) every
 * cell adds its block's offset. The numbers drawn come from the CPU twin of scan.wgsl run
 * on seeded random counts, so the picture is a real scan; only the first four blocks are
 * drawn.
 *
 * `createScanBlocks(options) → HTMLElement` with `data-widget="scan-blocks"`;
 * `.value` is described in options.ts.
 */
import {captionLine} from "../runtime/card.js";
import type {CPUEngineContext, Engine} from "../runtime/engine.js";
import {defineWidget, mountWidget} from "../runtime/mount.js";
import {readOptions} from "../runtime/options.js";
import {blockScanModel, cpuEngine, NUM_CELLS, BLOCK, SHOWN} from "./cpu.js";
import {createBlocksSvg, drawBlocks} from "./draw.js";
import {scanBlocksSchema, type ScanBlocksOptions, type ScanBlocksValue} from "./options.js";

/** The options read, with the scan of the seeded counts (the CPU twin of scan.wgsl). */
function readScanBlocks(options: ScanBlocksOptions) {
  const {values, notes} = readOptions(scanBlocksSchema, options);
  return {notes, scan: blockScanModel(values.seed)};
}

/** The scan diagram as a definition (no canvas, no GPU; mounted by `mountWidget`). */
export const scanBlocksDefinition = defineWidget<ScanBlocksOptions, ReturnType<typeof readScanBlocks>, ScanBlocksValue, Engine>({
  name: "scan-blocks",
  className: "scan-blocks",
  read: readScanBlocks,
  value: ({scan}) => ({
    numCells: NUM_CELLS,
    blockSize: BLOCK,
    blockSums: Array.from(scan.blockSums.subarray(0, SHOWN)),
    blockOffsets: Array.from(scan.blockOffsets.subarray(0, SHOWN)),
  }),
  build: (w) => {
    const {scan} = w.config;
    w.root.style.cssText = "margin: 1.5rem 0; max-width: 640px";
    const fig = document.createElement("figure");
    fig.style.margin = "0";
    const svg = createBlocksSvg();
    const cap = document.createElement("figcaption");
    cap.textContent = `The first 4 of 256 blocks of 256 cells, with random counts (0–3 per cell). (a) Each workgroup scans its own block, so every block's running total starts again from 0. (b) The block totals are scanned into offsets. (c) Adding its block's offset joins every curve into one running total over all ${NUM_CELLS.toLocaleString("en-US")} cells.`;
    fig.append(svg.node()!, cap);
    return {
      cpu: (ctx: CPUEngineContext) => cpuEngine(ctx, () => drawBlocks(svg, scan)),
      layout: () => [fig, w.status.element],
      caption: ({value: v}) =>
        captionLine(
          `${v.numCells.toLocaleString("en-US")} cells in ${v.numCells / v.blockSize} blocks of ${v.blockSize}`,
          `first block total ${v.blockSums[0]}`,
          "three dispatches: block scans, scan of totals, add-back"
        ),
    };
  },
});

/** The three-dispatch scan, drawn for the first four of 256 blocks (see the module comment). */
export const createScanBlocks = (options: ScanBlocksOptions = {}) => mountWidget(scanBlocksDefinition, options);

/**
 * A static d3 diagram of the three-dispatch exclusive scan of shaders/sort/scan.wgsl
 * (65,536 cells = 256 blocks × 256 cells): (a) every workgroup scans its block in
 * workgroup memory, (b) one workgroup scans the 256 block totals into offsets, (c) every
 * cell adds its block's offset. The numbers drawn come from the CPU twin of scan.wgsl run
 * on seeded random counts, so the picture is a real scan; only the first four blocks are
 * drawn.
 *
 * `createScanBlocksDiagram(options) → HTMLElement` with `data-widget="scan-blocks"`;
 * `.value` is described in options.ts.
 */
import {runEngine} from "../runtime/engine.js";
import {readOptions} from "../runtime/options.js";
import {createStatus} from "../runtime/status.js";
import {widgetRoot} from "../runtime/view.js";
import {captionLine, widgetCard} from "../runtime/card.js";
import {blockScanModel, cpuEngine, NUM_CELLS, BLOCK, SHOWN} from "./cpu.js";
import {createBlocksSvg, drawBlocks} from "./draw.js";
import {scanBlocksSchema, type ScanBlocksOptions, type ScanBlocksValue} from "./options.js";

export type {ScanBlocksOptions, ScanBlocksValue} from "./options.js";

/** The three-dispatch scan, drawn for the first four of 256 blocks (see the module comment). */
export function createScanBlocksDiagram(options: ScanBlocksOptions = {}) {
  const {values, notes} = readOptions(scanBlocksSchema, options);
  const scan = blockScanModel(values.seed);
  const root = widgetRoot<ScanBlocksValue>("scan-blocks", "scan-blocks", {
    numCells: NUM_CELLS,
    blockSize: BLOCK,
    blockSums: Array.from(scan.blockSums.subarray(0, SHOWN)),
    blockOffsets: Array.from(scan.blockOffsets.subarray(0, SHOWN)),
  });
  root.style.cssText = "margin: 1.5rem 0; max-width: 640px";
  const status = createStatus();
  status.setNotes(notes);
  const fig = document.createElement("figure");
  fig.style.margin = "0";
  const svg = createBlocksSvg();
  const cap = document.createElement("figcaption");
  cap.textContent = `The first 4 of 256 blocks of 256 cells, with random counts (0–3 per cell). (a) Each workgroup scans its own block, so every block's running total starts again from 0. (b) The block totals are scanned into offsets. (c) Adding its block's offset joins every curve into one running total over all ${NUM_CELLS.toLocaleString("en-US")} cells.`;
  fig.append(svg.node()!, cap);
  root.append(fig, status.element);
  widgetCard(root, ({value: v}) =>
    captionLine(
      `${v.numCells.toLocaleString("en-US")} cells in ${v.numCells / v.blockSize} blocks of ${v.blockSize}`,
      `first block total ${v.blockSums[0]}`,
      "three dispatches: block scans, scan of totals, add-back"
    )
  );

  const rt = runEngine({
    root,
    status,
    cpu: (ctx) => cpuEngine(ctx, () => drawBlocks(svg, scan)),
    invalidation: options.invalidation,
  });
  root.dispose = () => rt.dispose();
  return root;
}

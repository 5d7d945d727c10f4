/**
 * One thread per item for any item count: WebGPU allows at most
 * `maxComputeWorkgroupsPerDimension` workgroups along each axis (65,535 by default), so
 * 256-thread workgroups alone stop at 16,776,960 items. Past that the workgroups are laid
 * out as a 2D grid of rows; the kernels turn (workgroup_id, num_workgroups) back into one
 * index with `thread_index` (shaders/common/dispatch.wgsl) and skip the few spare threads
 * of the last row with their usual `i >= count` test.
 */

/** WebGPU's default (and most adapters' only) limit on workgroups per dispatch dimension. */
export const MAX_WORKGROUPS_PER_DIMENSION = 65535;
/** The workgroup size of every per-item kernel (`@workgroup_size(256)`). */
export const ITEM_WORKGROUP = 256;

/**
 * Workgroups [x, y] covering `items` threads in groups of `workgroupSize`: [groups, 1] up
 * to `maxPerDimension` groups, else the squarest x ≤ maxPerDimension with x · y ≥ groups.
 * Errors: RangeError for a negative or non-integer count, or more than maxPerDimension²
 * workgroups (≈ 1.1 · 10^12 items).
 */
export function workgroupGrid(items: number, workgroupSize = ITEM_WORKGROUP, maxPerDimension = MAX_WORKGROUPS_PER_DIMENSION): [number, number] {
  if (!(Number.isInteger(items) && items >= 0)) throw new RangeError(`item count must be a non-negative integer, got ${items}`);
  const groups = Math.ceil(items / workgroupSize);
  if (groups <= maxPerDimension) return [groups, 1];
  const y = Math.ceil(groups / maxPerDimension);
  if (y > maxPerDimension) throw new RangeError(`${items} items need ${groups} workgroups, more than ${maxPerDimension}² in two dimensions`);
  return [Math.ceil(groups / y), y];
}

/** Dispatches one thread per item (nothing for 0 items: Dawn warns about empty dispatches). */
export function dispatchItems(pass: GPUComputePassEncoder, items: number, maxPerDimension = MAX_WORKGROUPS_PER_DIMENSION) {
  const [x, y] = workgroupGrid(items, ITEM_WORKGROUP, maxPerDimension);
  if (x > 0) pass.dispatchWorkgroups(x, y);
}

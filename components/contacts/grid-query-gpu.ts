/**
 * The grid query on the GPU (the essay's §2 grid section): upload the discs, counting-sort
 * them into cell order (CountingSortGPU: clear → count → 3-dispatch scan → scatter) and run
 * shaders/contacts/grid_query.wgsl on the sorted layout — all in one compute pass, one
 * submit. Results (candidate pairs, the query window's disc ids) come back through a
 * non-blocking StagingRing: `step` skips the GPU work when every staging slot is still in
 * flight, so a frame never waits for the GPU. CPU twin: gridQueryTwin (grid-query.ts).
 */
import {computePipeline, type WGSLLoader} from "../gpu/wgsl.js";
import type {ResourceScope} from "../gpu/scope.js";
import {readBuffers, StagingRing} from "../gpu/readback.js";
import {STORAGE_RW, Usage} from "../gpu/usage.js";
import {CountingSortGPU} from "../sort/gpu-sort.js";
import type {GridParams} from "../sort/grid.js";
import {PARTICLE_BYTES, type PackedParticles} from "../sort/particles.js";
import type {QueryCounts} from "./grid-query.js";

const WG = 256;
const PATHS = ["common/particle.wgsl", "common/grid.wgsl", "common/window.wgsl", "contacts/grid_query.wgsl"];
const RESULT_BYTES = 16; // result[0] candidate sum, result[1] window count, 2 words spare

export class GridQueryGPU {
  readonly scope: ResourceScope;
  private upload: GPUBuffer;
  private sortedBuf: GPUBuffer;
  private queryBuf: GPUBuffer;
  private result: GPUBuffer;
  private ids: GPUBuffer;
  private ring: StagingRing;
  private bindGroup: GPUBindGroup;

  private constructor(
    readonly device: GPUDevice,
    /** This pipeline's own child scope (the sorter's parent too). */
    scope: ResourceScope,
    readonly sort: CountingSortGPU,
    private pipe: GPUComputePipeline,
    readonly maxParticles: number,
    readonly grid: GridParams
  ) {
    this.scope = scope;
    const bytes = Math.max(maxParticles, 1) * PARTICLE_BYTES;
    this.upload = this.scope.buffer({label: "grid-query-upload", size: bytes, usage: STORAGE_RW});
    this.sortedBuf = this.scope.buffer({label: "grid-query-sorted", size: bytes, usage: STORAGE_RW});
    this.queryBuf = this.scope.buffer({label: "grid-query-uniform", size: 16, usage: Usage.UNIFORM | Usage.COPY_DST});
    this.result = this.scope.buffer({label: "grid-query-result", size: RESULT_BYTES, usage: STORAGE_RW});
    this.ids = this.scope.buffer({label: "grid-query-ids", size: Math.max(maxParticles, 1) * 4, usage: STORAGE_RW});
    this.ring = new StagingRing(this.scope, RESULT_BYTES + Math.max(maxParticles, 1) * 4, 3);
    this.bindGroup = device.createBindGroup({
      label: "grid-query",
      layout: pipe.getBindGroupLayout(0),
      entries: [sort.gridBuffer, this.queryBuf, this.sortedBuf, sort.starts, this.result, this.ids].map((buffer, binding) => ({binding, resource: {buffer}})),
    });
  }

  /**
   * Compiles the kernels and allocates buffers for up to `maxParticles` discs on `grid`
   * (a dense grid), the sorter included, in one child scope of `parentScope`.
   * Errors: RangeError for a hashed grid or bad sizes.
   */
  static async create(device: GPUDevice, parentScope: ResourceScope, wgsl: WGSLLoader, maxParticles: number, grid: GridParams): Promise<GridQueryGPU> {
    if (grid.hashed) throw new RangeError("the grid query needs a dense grid");
    const scope = parentScope.child(device);
    try {
      const [sort, pipe] = await Promise.all([
        CountingSortGPU.create(device, scope, wgsl, {maxParticles, maxCells: grid.numCells}),
        computePipeline(device, wgsl, PATHS, "query_window"),
      ]);
      return new GridQueryGPU(device, scope, sort, pipe, maxParticles, grid);
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /** Writes the inputs and records sort + query into `encoder` (one compute pass). */
  private encode(encoder: GPUCommandEncoder, discs: PackedParticles, queryCell: [number, number]) {
    const n = discs.count;
    if (n > this.maxParticles) throw new RangeError(`${n} discs, the grid query was sized for ${this.maxParticles}`);
    const [cx, cy] = queryCell;
    if (!(cx >= 0 && cx < this.grid.dimX && cy >= 0 && cy < this.grid.dimY))
      throw new RangeError(`query cell [${cx}, ${cy}] is outside the ${this.grid.dimX}×${this.grid.dimY} grid`);
    this.sort.setGrid(this.grid, n);
    if (n) this.device.queue.writeBuffer(this.upload, 0, discs.buffer, 0, n * PARTICLE_BYTES);
    this.device.queue.writeBuffer(this.queryBuf, 0, new Int32Array([cx, cy, this.maxParticles, 0]));
    encoder.clearBuffer(this.result);
    const pass = encoder.beginComputePass({label: "grid-query"});
    this.sort.encodeSort(pass, this.upload, this.sortedBuf);
    pass.setPipeline(this.pipe);
    pass.setBindGroup(0, this.bindGroup);
    if (n) pass.dispatchWorkgroups(Math.ceil(n / WG));
    pass.end();
  }

  /**
   * Non-blocking: sorts and queries `discs` on the GPU and calls `onResult` a few frames
   * later with the counts. Returns false (and does nothing) when every staging slot is
   * still mapping — the caller keeps its last counts for this step.
   */
  step(discs: PackedParticles, queryCell: [number, number], onResult: (r: QueryCounts) => void): boolean {
    const slot = this.ring.acquire();
    if (!slot) return false;
    const enc = this.device.createCommandEncoder({label: "grid-query-step"});
    this.encode(enc, discs, queryCell);
    this.ring.copy(enc, slot, this.result, 0, 0, RESULT_BYTES);
    this.ring.copy(enc, slot, this.ids, 0, RESULT_BYTES, Math.max(discs.count, 1) * 4);
    this.device.queue.submit([enc.finish()]);
    this.ring.commit(slot, (bytes) => onResult(parseResult(bytes, discs.count)));
    return true;
  }

  /** One-shot (awaits the GPU): the counts for `discs` and `queryCell` (tests). */
  async run(discs: PackedParticles, queryCell: [number, number]): Promise<QueryCounts & {starts: Uint32Array}> {
    const enc = this.device.createCommandEncoder({label: "grid-query-run"});
    this.encode(enc, discs, queryCell);
    const [res, ids, starts] = await readBuffers(
      this.device,
      [
        {buffer: this.result, size: RESULT_BYTES},
        {buffer: this.ids, size: Math.max(discs.count, 1) * 4},
        {buffer: this.sort.starts, size: (this.grid.numCells + 1) * 4},
      ],
      enc
    );
    const all = new Uint8Array(RESULT_BYTES + ids.byteLength);
    all.set(new Uint8Array(res), 0);
    all.set(new Uint8Array(ids), RESULT_BYTES);
    return {...parseResult(all.buffer, discs.count), starts: new Uint32Array(starts)};
  }

  /** Releases every buffer, the sorter's too (disposes its child scope; also done by disposing the parent scope). */
  dispose() {
    this.scope.dispose();
  }
}

/** Decodes one readback: [candidateSum, windowCount, _, _, ids…]. */
function parseResult(bytes: ArrayBuffer, n: number): QueryCounts {
  const u = new Uint32Array(bytes);
  const candidateSum = u[0];
  const windowCount = Math.min(u[1], n);
  const windowIds = Array.from(u.subarray(4, 4 + windowCount)).sort((a, b) => a - b);
  return {candidateSum, candidatePairs: candidateSum / 2, windowIds};
}

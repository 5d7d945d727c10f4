/**
 * Reading GPU buffers back to the CPU.
 *  - `readBuffers`: one-shot, awaits the copy (teaching widgets, tests).
 *  - `StagingRing`: non-blocking readback for live simulations. A frame asks for a free
 *    staging buffer; if all are still mapping, it skips the readback (never stalls).
 */
import type {ResourceScope} from "./scope.js";
import {noteBufferCreated, noteBufferDestroyed} from "./context.js";
import {MapMode, Usage} from "./usage.js";

interface ReadRequest {
  buffer: GPUBuffer;
  offset?: number;
  /** bytes, multiple of 4 */
  size: number;
}

/**
 * Copies each request into one staging buffer, submits, maps, and returns copies of the
 * bytes. The staging buffer is counted in the page's buffer ledger while it lives.
 */
export async function readBuffers(device: GPUDevice, requests: ReadRequest[], encoder?: GPUCommandEncoder): Promise<ArrayBuffer[]> {
  const offsets: number[] = [];
  let total = 0;
  for (const r of requests) {
    offsets.push(total);
    total += Math.ceil(r.size / 8) * 8;
  }
  const staging = device.createBuffer({size: Math.max(total, 8), usage: Usage.COPY_DST | Usage.MAP_READ, label: "readback"});
  noteBufferCreated(staging.size);
  try {
    const enc = encoder ?? device.createCommandEncoder();
    requests.forEach((r, i) => {
      if (r.size > 0) enc.copyBufferToBuffer(r.buffer, r.offset ?? 0, staging, offsets[i], r.size);
    });
    device.queue.submit([enc.finish()]);
    await staging.mapAsync(MapMode.READ);
    const all = staging.getMappedRange();
    return requests.map((r, i) => all.slice(offsets[i], offsets[i] + r.size));
  } finally {
    noteBufferDestroyed(staging.size);
    staging.destroy();
  }
}

/**
 * A ring of staging buffers for readback that never blocks a frame.
 * Usage per frame: `const slot = ring.acquire()`; if non-null, `ring.copy(encoder, slot, …)`
 * for each source, submit, then `ring.commit(slot, onData)`; `onData` gets the bytes later.
 */
export class StagingRing {
  private free: GPUBuffer[] = [];
  readonly slotBytes: number;
  private disposed = false;

  constructor(scope: ResourceScope, slotBytes: number, slots = 3) {
    this.slotBytes = Math.ceil(slotBytes / 8) * 8;
    for (let i = 0; i < slots; i++) {
      this.free.push(scope.buffer({size: this.slotBytes, usage: Usage.COPY_DST | Usage.MAP_READ, label: `staging-${i}`}));
    }
    scope.onDispose(() => (this.disposed = true));
  }

  /** A free staging buffer, or null when all are in flight (skip this frame's readback). */
  acquire(): GPUBuffer | null {
    return this.free.pop() ?? null;
  }

  /** Records a copy of `size` bytes of `src` (from `srcOffset`) to `dstOffset` of the slot. */
  copy(encoder: GPUCommandEncoder, slot: GPUBuffer, src: GPUBuffer, srcOffset: number, dstOffset: number, size: number) {
    if (dstOffset + size > this.slotBytes) throw new RangeError(`staging copy of ${size} B at ${dstOffset} overruns the ${this.slotBytes} B slot`);
    if (size > 0) encoder.copyBufferToBuffer(src, srcOffset, slot, dstOffset, size);
  }

  /** Call after the submit that holds the copies: maps the slot and hands a copy of its bytes to onData. */
  commit(slot: GPUBuffer, onData: (bytes: ArrayBuffer) => void) {
    slot.mapAsync(MapMode.READ).then(
      () => {
        if (this.disposed) return;
        const bytes = slot.getMappedRange().slice(0);
        slot.unmap();
        this.free.push(slot);
        onData(bytes);
      },
      () => {
        /* device lost or buffer destroyed: drop silently, the owner reports the loss */
      }
    );
  }
}

/**
 * GPU time per pass with `timestamp-query` (when the device has it): each timed compute
 * pass gets a begin/end timestamp pair; after the frame's submit the pairs are read back
 * through a non-blocking StagingRing and summed per label (milliseconds). If every
 * staging slot is still in flight, that frame is simply not timed (never stalls).
 *
 *   timer.beginFrame();
 *   const pass = enc.beginComputePass({timestampWrites: timer.writes("scan")});
 *   …
 *   timer.resolve(enc);  device.queue.submit([enc.finish()]);  timer.commit();
 *
 * Note: browsers may quantise timestamps (Chrome rounds to 100 µs without developer
 * features), so single readings of short passes are coarse; average over frames.
 */
import type {ResourceScope} from "../gpu/scope.js";
import {StagingRing} from "../gpu/readback.js";
import {Usage} from "../gpu/usage.js";

export interface PassTimes {
  /** Summed GPU ms of the passes of each label in one frame. */
  byLabel: Record<string, number>;
  /** Sum over all timed passes, ms. */
  total: number;
  /** First begin → last end, ms (includes gaps between passes). */
  span: number;
}

export class PassTimer {
  private querySet: GPUQuerySet;
  private resolveBuf: GPUBuffer;
  private ring: StagingRing;
  private labels: string[] = [];
  private slot: GPUBuffer | null = null;
  private pending: string[] | null = null;
  private active = false;

  private constructor(
    readonly device: GPUDevice,
    /** This timer's own child scope: query set, resolve buffer and staging ring live in it. */
    readonly scope: ResourceScope,
    readonly capacity: number,
    private onTimes: (t: PassTimes) => void
  ) {
    this.querySet = device.createQuerySet({type: "timestamp", count: capacity * 2});
    scope.onDispose(() => this.querySet.destroy());
    this.resolveBuf = scope.buffer({label: "timestamps", size: capacity * 16, usage: Usage.QUERY_RESOLVE | Usage.COPY_SRC});
    this.ring = new StagingRing(scope, capacity * 16, 3);
  }

  /**
   * A timer for at most `capacity` timed passes per frame, its GPU objects in one child
   * scope of `parentScope`. `onTimes` gets each timed frame's times, a few frames later.
   */
  static create(device: GPUDevice, parentScope: ResourceScope, capacity: number, onTimes: (t: PassTimes) => void): PassTimer {
    const scope = parentScope.child(device);
    try {
      return new PassTimer(device, scope, capacity, onTimes);
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /** Releases the query set and buffers (disposes its child scope; idempotent). */
  dispose() {
    this.scope.dispose();
  }

  /** Starts a frame: returns false (and times nothing this frame) if no staging slot is free. */
  beginFrame(): boolean {
    this.labels = [];
    this.slot = this.ring.acquire();
    this.active = this.slot !== null;
    return this.active;
  }

  /** timestampWrites for the next pass, or undefined when not timing / over capacity. */
  writes(label: string): GPUComputePassTimestampWrites | undefined {
    if (!this.active || this.labels.length >= this.capacity) return undefined;
    const k = this.labels.length;
    this.labels.push(label);
    return {querySet: this.querySet, beginningOfPassWriteIndex: 2 * k, endOfPassWriteIndex: 2 * k + 1};
  }

  /** Records the resolve + copy into this frame's staging slot (call before finish()). */
  resolve(encoder: GPUCommandEncoder) {
    if (!this.active || !this.slot || this.labels.length === 0) return;
    const n = this.labels.length * 2;
    encoder.resolveQuerySet(this.querySet, 0, n, this.resolveBuf, 0);
    this.ring.copy(encoder, this.slot, this.resolveBuf, 0, 0, n * 8);
    this.pending = this.labels;
  }

  /** Call after the submit: maps the slot; `onTimes` gets the frame's times later. */
  commit() {
    const slot = this.slot;
    const labels = this.pending;
    this.slot = null;
    this.pending = null;
    this.active = false;
    if (!slot) return;
    if (!labels) {
      // nothing was timed: hand the slot back through an empty map cycle
      this.ring.commit(slot, () => {});
      return;
    }
    this.ring.commit(slot, (bytes) => this.onTimes(passTimes(new BigUint64Array(bytes, 0, labels.length * 2), labels)));
  }
}

/** Sums begin/end timestamp pairs (ns) per label into milliseconds. Pairs with end < begin count as 0. */
export function passTimes(stamps: BigUint64Array, labels: string[]): PassTimes {
  const byLabel: Record<string, number> = {};
  let total = 0;
  let first = Infinity,
    last = -Infinity;
  labels.forEach((label, k) => {
    const b = Number(stamps[2 * k]),
      e = Number(stamps[2 * k + 1]);
    const ms = e > b ? (e - b) / 1e6 : 0;
    byLabel[label] = (byLabel[label] ?? 0) + ms;
    total += ms;
    first = Math.min(first, b);
    last = Math.max(last, e);
  });
  return {byLabel, total, span: labels.length && last > first ? (last - first) / 1e6 : 0};
}

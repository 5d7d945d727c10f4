/**
 * The page's GPU: one shared GPUDevice for every widget, with its validation errors
 * counted (never silent), device loss reported to every widget, and every buffer
 * accounted for (count and bytes live).
 *
 * Browser: `acquireGPU()` uses navigator.gpu. Node (tests, bench): pass `{gpu}` from
 * components/gpu/node.ts. Returns null when WebGPU is missing or no adapter is found:
 * callers then run their CPU twin and say so (`fallbackMessage` in components/widgets/runtime/status.ts).
 */
import {describeAdapter, rememberAdapterInfo} from "./adapter.js";

interface GPUStats {
  /** GPU validation / out-of-memory / internal errors seen (uncapturederror). */
  validationErrors: number;
  /** Text of the most recent error, or null. */
  lastError: string | null;
  /** Buffers created through a ResourceScope (or a one-shot readBuffers) and not yet destroyed. */
  buffersLive: number;
  /** Bytes of those buffers. */
  bytesLive: number;
  /** Peak of bytesLive. */
  bytesPeak: number;
  /** Devices lost so far on this page. */
  devicesLost: number;
  /** Command buffers submitted to any device of this page (tests check that widgets off screen submit nothing). */
  submits: number;
  /** Devices created so far (a test waits for a replacement device through it). */
  devicesCreated: number;
}

export interface GPUHandle {
  device: GPUDevice;
  /** The adapter's info (`describeAdapter`): name it with `adapterName`, test it with `isSoftwareAdapter` (adapter.ts). */
  adapterInfo: {vendor: string; architecture: string; description: string; device?: string; isFallbackAdapter?: boolean};
  /** true when the device was created with 'timestamp-query'. */
  timestamps: boolean;
  /**
   * The subgroup sizes the adapter reports (GPUAdapterInfo.subgroupMinSize / subgroupMaxSize)
   * when the device was created with the optional 'subgroups' feature; null without it. When
   * min = max, every subgroup of a compute kernel has that size.
   */
  subgroups: {min: number; max: number} | null;
  stats: GPUStats;
  /** Subscribe to this device's loss; returns an unsubscribe function. */
  onLost(callback: (info: GPUDeviceLostInfo) => void): () => void;
  /** true once the device is lost (then acquire a new one). */
  isLost(): boolean;
}

const stats: GPUStats = {validationErrors: 0, lastError: null, buffersLive: 0, bytesLive: 0, bytesPeak: 0, devicesLost: 0, submits: 0, devicesCreated: 0};
// Exposed for tests and the bench page: the same object the runtime updates.
(globalThis as any).__gpuStats = stats;

/** Page-wide GPU counters (the object is live: read it any time). */
export function gpuStats(): GPUStats {
  return stats;
}

let shared: Promise<GPUHandle | null> | null = null;

/** Why acquireGPU returned null, in one line for the reader (null while none failed). */
export let gpuUnavailableReason: string | null = null;

export interface AcquireOptions {
  /** A GPU object (navigator.gpu in browsers, `nodeGPU()` in Node). */
  gpu?: GPU;
}

/**
 * The shared GPU device of this page (or Node process), created on first use.
 * Resolves to null (never rejects) when WebGPU is unavailable; `gpuUnavailableReason`
 * then says why. After a device loss the next call creates a new device.
 */
export function acquireGPU(options: AcquireOptions = {}): Promise<GPUHandle | null> {
  if (!shared) {
    adapterAskedAt = typeof performance !== "undefined" ? performance.now() : 0;
    shared = createHandle(options.gpu);
    shared.then(() => (adapterAnswered = true));
  }
  return shared;
}

let adapterAskedAt: number | null = null;
let adapterAnswered = false;

/**
 * How long (ms, `performance.now()` clock) this page has been waiting for its shared device:
 * null before anyone asked and once it is settled (a device, or null for no WebGPU).
 */
export function deviceWaitMs(): number | null {
  return adapterAskedAt === null || adapterAnswered ? null : performance.now() - adapterAskedAt;
}

async function createHandle(gpuArg?: GPU): Promise<GPUHandle | null> {
  const gpu: GPU | undefined = gpuArg ?? (typeof navigator !== "undefined" ? (navigator as any).gpu : undefined);
  if (!gpu) {
    gpuUnavailableReason = "the browser exposes no navigator.gpu";
    return null;
  }
  let adapter: GPUAdapter | null = null;
  try {
    adapter = await gpu.requestAdapter({powerPreference: "high-performance"});
  } catch (e) {
    gpuUnavailableReason = `requestAdapter failed: ${(e as Error).message}`;
    return null;
  }
  if (!adapter) {
    gpuUnavailableReason = "no GPU adapter was found";
    return null;
  }
  const timestamps = adapter.features.has("timestamp-query");
  // 'subgroups' is requested whenever offered: kernels that can use it (the gravity walk) check
  // device.features and otherwise run their per-thread form.
  const hasSubgroups = adapter.features.has("subgroups" as GPUFeatureName);
  const requiredFeatures: GPUFeatureName[] = [
    ...(timestamps ? (["timestamp-query"] as GPUFeatureName[]) : []),
    ...(hasSubgroups ? (["subgroups"] as GPUFeatureName[]) : []),
  ];
  const lim = adapter.limits;
  let device: GPUDevice;
  try {
    device = await adapter.requestDevice({
      requiredFeatures,
      requiredLimits: {
        maxStorageBufferBindingSize: lim.maxStorageBufferBindingSize,
        maxBufferSize: lim.maxBufferSize,
        maxStorageBuffersPerShaderStage: Math.min(lim.maxStorageBuffersPerShaderStage, 10),
      },
    });
  } catch (e) {
    gpuUnavailableReason = `requestDevice failed: ${(e as Error).message}`;
    return null;
  }
  stats.devicesCreated++;
  const info: any = (adapter as any).info ?? {};
  const described = describeAdapter(adapter);
  rememberAdapterInfo(device, described);
  const listeners = new Set<(info: GPUDeviceLostInfo) => void>();
  let lost = false;
  device.addEventListener("uncapturederror", (ev: Event) => {
    const err = (ev as GPUUncapturedErrorEvent).error;
    stats.validationErrors++;
    stats.lastError = err.message;
    console.error(`[gpu] ${err.constructor?.name ?? "GPUError"}: ${err.message}`);
  });
  device.lost.then((lostInfo) => {
    lost = true;
    if (lostInfo.reason !== "destroyed") stats.devicesLost++;
    if (shared) shared = null; // the next acquireGPU() makes a new device
    for (const cb of [...listeners]) cb(lostInfo);
  });
  // Count submits (a wrapper on this device's queue only): the test of "no GPU work off screen".
  const queue = device.queue;
  const submit = queue.submit.bind(queue);
  queue.submit = (buffers: Iterable<GPUCommandBuffer>) => {
    stats.submits++;
    return submit(buffers);
  };
  // Test hook: lose the shared device on purpose (Playwright checks that widgets rebuild).
  (globalThis as any).__gpuLoseDevice = () => device.destroy();
  return {
    device,
    adapterInfo: described,
    timestamps,
    subgroups: hasSubgroups && device.features.has("subgroups" as GPUFeatureName) ? {min: info.subgroupMinSize ?? 0, max: info.subgroupMaxSize ?? 0} : null,
    stats,
    onLost(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    isLost: () => lost,
  };
}

/** Bookkeeping of the buffer ledger: ResourceScope's buffers and readBuffers' staging buffers (internal). */
export function noteBufferCreated(bytes: number) {
  stats.buffersLive++;
  stats.bytesLive += bytes;
  stats.bytesPeak = Math.max(stats.bytesPeak, stats.bytesLive);
}
export function noteBufferDestroyed(bytes: number) {
  stats.buffersLive--;
  stats.bytesLive -= bytes;
}

/**
 * Is this device a CPU emulation of a GPU (SwiftShader, llvmpipe/lavapipe, WARP)? Kernels
 * that organise work differently for the two (the sort's scan: one workgroup on a CPU,
 * where every workgroup pays for its barrier rounds; many on a GPU, where one workgroup
 * alone is latency-bound) ask here.
 *
 * The adapter's description comes from `GPUDevice.adapterInfo` (WebGPU spec; Dawn and
 * recent browsers) or, where a browser lacks it, from what `acquireGPU` recorded when it
 * created the device (`rememberAdapterInfo`).
 */

/** The fields of GPUAdapterInfo this module reads (all optional: browsers may blank them). */
export interface AdapterDescription {
  vendor?: string;
  architecture?: string;
  description?: string;
  isFallbackAdapter?: boolean;
}

const recorded = new WeakMap<GPUDevice, AdapterDescription>();
// Names the CPU rasterisers report in vendor / architecture / description.
const CPU_NAMES = /swiftshader|llvmpipe|lavapipe|softpipe|microsoft basic render/i;

/** Records the adapter that created `device` (called by acquireGPU). */
export function rememberAdapterInfo(device: GPUDevice, info: AdapterDescription) {
  recorded.set(device, info);
}

/** The adapter description of `device`, or null when neither the device nor acquireGPU gives one. */
export function adapterInfoOf(device: GPUDevice): AdapterDescription | null {
  return ((device as {adapterInfo?: AdapterDescription}).adapterInfo ?? recorded.get(device)) || null;
}

/** true for a fallback adapter or one whose names are a known CPU rasteriser's; false when unknown. */
export function isCpuEmulated(info: AdapterDescription | null): boolean {
  if (!info) return false;
  if (info.isFallbackAdapter) return true;
  return CPU_NAMES.test(`${info.vendor ?? ""} ${info.architecture ?? ""} ${info.description ?? ""}`);
}

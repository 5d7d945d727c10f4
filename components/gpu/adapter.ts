/**
 * What the page knows about the WebGPU adapter, decided in one place: whether it is a CPU
 * emulation of a GPU (`isSoftwareAdapter`) and how it is named in words (`adapterName`).
 *
 * The adapter's description comes from `GPUDevice.adapterInfo` (WebGPU spec; Dawn and
 * recent browsers) or, where a browser lacks it, from what `acquireGPU` recorded when it
 * created the device (`rememberAdapterInfo`). Kernels that organise work differently on a
 * CPU emulation (the sort's scan: one workgroup, where every workgroup pays for its barrier
 * rounds) and the widget runtime, which decides a widget's load before building its engine
 * (components/widgets/runtime/load.ts), ask `isSoftwareAdapter`; widgets and their engines don't.
 */

/** The fields of GPUAdapterInfo this module reads (all optional: browsers may blank them). */
interface AdapterDescription {
  vendor?: string;
  architecture?: string;
  description?: string;
  /** GPUAdapterInfo.device: a vendor-specific device name (often empty). */
  device?: string;
  /** GPUAdapterInfo.isFallbackAdapter (Chrome 130+). */
  isFallbackAdapter?: boolean;
  /** A model name from outside WebGPU (a benchmark file's "NVIDIA H200"); WebGPU never reports one. */
  name?: string;
}

/**
 * The CPU rasterisers that present themselves as GPUs, by the name shown to a reader and the
 * pattern that finds them in the adapter's vendor / architecture / device / description:
 * Google's SwiftShader (Chrome without a GPU), Mesa's llvmpipe (GL) and lavapipe (its Vulkan
 * driver, which reports "llvmpipe" as its device name), softpipe, and Windows' WARP (the
 * "Microsoft Basic Render Driver").
 */
const SOFTWARE_RENDERERS: readonly {name: string; pattern: RegExp}[] = [
  {name: "SwiftShader", pattern: /swiftshader|subzero/i},
  {name: "lavapipe", pattern: /lavapipe/i},
  {name: "llvmpipe", pattern: /llvmpipe/i},
  {name: "softpipe", pattern: /softpipe/i},
  {name: "WARP", pattern: /\bwarp\b|microsoft basic render/i},
];

const recorded = new WeakMap<GPUDevice, AdapterDescription>();

/** Records the adapter that created `device` (called by acquireGPU). */
export function rememberAdapterInfo(device: GPUDevice, info: AdapterDescription) {
  recorded.set(device, info);
}

/** The adapter description of `device`, or null when neither the device nor acquireGPU gives one. */
export function adapterInfoOf(device: GPUDevice): AdapterDescription | null {
  return ((device as {adapterInfo?: AdapterDescription}).adapterInfo ?? recorded.get(device)) || null;
}

/**
 * The description of a `GPUAdapter`: its `info` (GPUAdapterInfo) with `isFallbackAdapter`
 * taken from `info` or, in browsers before Chrome 130, from the adapter itself.
 */
export function describeAdapter(adapter: GPUAdapter): Required<Omit<AdapterDescription, "name">> {
  const info = ((adapter as {info?: Partial<AdapterDescription>}).info ?? {}) as AdapterDescription;
  return {
    vendor: info.vendor ?? "",
    architecture: info.architecture ?? "",
    description: info.description ?? "",
    device: info.device ?? "",
    isFallbackAdapter: info.isFallbackAdapter ?? (adapter as {isFallbackAdapter?: boolean}).isFallbackAdapter ?? false,
  };
}

/**
 * The CPU rasteriser behind `info` ("SwiftShader", "llvmpipe", "lavapipe", "softpipe",
 * "WARP"), "a fallback adapter" when the browser marks it as one without a known name, or
 * null for a hardware GPU (and for an unknown adapter: no info, no evidence).
 */
export function softwareRenderer(info: AdapterDescription | null | undefined): string | null {
  if (!info) return null;
  const names = [info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(" ");
  for (const r of SOFTWARE_RENDERERS) if (r.pattern.test(names)) return r.name;
  return info.isFallbackAdapter ? "a fallback adapter" : null;
}

/**
 * The one software-adapter rule of the site: true when the adapter is a CPU emulation of a
 * GPU, from the adapter's own info: `isFallbackAdapter` (the browser says so), or a vendor /
 * architecture / device / description naming SwiftShader, llvmpipe, lavapipe, softpipe, WARP
 * or the "Microsoft Basic Render Driver". Such an adapter computes correctly but at CPU speed
 * and is shared by every widget of the page: widgets run a reduced count and one substep
 * there, kernels pick their CPU layout. False for a hardware GPU or when nothing is known.
 */
export function isSoftwareAdapter(info: AdapterDescription | null | undefined): boolean {
  return softwareRenderer(info) !== null;
}

/** The first dotted version number in a description ("NVIDIA: 580.159.04 …" → "580.159.04"). */
function driverVersion(description: string | undefined): string | undefined {
  return description?.match(/(\d+\.\d+(?:\.\d+)?)/)?.[1];
}

/**
 * The adapter in words, the one form used wherever the site names an adapter (status lines,
 * the bench page, the gravity page's figures). With a model `name` (benchmark files):
 * "NVIDIA H200 (driver 580.159.04)". Otherwise, from what WebGPU reports: vendor and
 * architecture ("google swiftshader", "apple metal-3"); with no architecture, the driver
 * version from the description ("nvidia (driver 580.159.04)"); "WebGPU" for the vendor
 * when the browser blanks it.
 */
export function adapterName(info: AdapterDescription | null | undefined): string {
  const a = info ?? {};
  if (a.name) {
    const driver = driverVersion(a.description);
    return `${a.name}${driver ? ` (driver ${driver})` : ""}`;
  }
  const base = [a.vendor || "WebGPU", a.architecture].filter(Boolean).join(" ");
  const driver = a.architecture ? undefined : driverVersion(a.description);
  return driver ? `${base} (driver ${driver})` : base;
}

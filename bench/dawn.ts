/**
 * The benchmarks' device through Dawn (bench/run.ts, bench/water-lanes.ts), timestamps exact:
 * Dawn rounds them (to 65.5 µs on the H200) unless told not to. The instance is kept referenced
 * for the whole run (see components/gpu/node.ts). Errors: no adapter.
 */
import {acquireGPU} from "../components/gpu/context.js";

export async function benchGPU() {
  const webgpu: any = await import("webgpu");
  Object.assign(globalThis, webgpu.globals);
  const gpu = webgpu.create(["disable-dawn-features=timestamp_quantization"]) as GPU;
  (globalThis as any).__benchDawn = gpu;
  const handle = await acquireGPU({gpu});
  if (!handle) throw new Error("no WebGPU adapter through Dawn");
  return handle;
}

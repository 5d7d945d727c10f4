/**
 * Test helper: the Dawn device for kernel tests. Throws (fails the test) when no adapter
 * is found — a WebGPU test must never pass without WebGPU.
 */
import {acquireGPU, type GPUHandle} from "../../components/gpu/context.js";
import {nodeGPU} from "../../components/gpu/node.js";

export async function testGPU(): Promise<GPUHandle> {
  const gpu = await nodeGPU();
  const handle = await acquireGPU({gpu});
  if (!handle) throw new Error("No WebGPU adapter in Node (Dawn). Is /usr/lib/chromium/vk_swiftshader_icd.json installed (apt-get install chromium)?");
  return handle;
}

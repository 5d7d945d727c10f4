/**
 * Test helpers: the Dawn device for kernel tests, and the set-up every kernel test file shares.
 * Both fail the test when no adapter is found — a WebGPU test must never pass without WebGPU.
 */
import {afterAll, beforeAll, expect} from "vitest";
import {acquireGPU, type GPUHandle} from "../../components/gpu/context.js";
import {nodeGPU} from "../../components/gpu/node.js";
import {ResourceScope} from "../../components/gpu/scope.js";

/** The Dawn device (shared by every file of a fork); throws with what to install when there is no adapter. */
export async function testGPU(): Promise<GPUHandle> {
  const gpu = await nodeGPU();
  const handle = await acquireGPU({gpu});
  if (!handle) throw new Error("No WebGPU adapter in Node (Dawn). Is /usr/lib/chromium/vk_swiftshader_icd.json installed (apt-get install chromium)?");
  return handle;
}

/**
 * Registers a kernel test file's `beforeAll`/`afterAll` pair: before the file's tests, the device and
 * a `ResourceScope` on it, handed to `build` (which makes the file's pipelines once and keeps them in
 * the file's own variables); after them, the scope disposed and the device's validation-error count
 * still 0 (its last error as the message). A unit file and its soak sibling call it with the same
 * `build`, so the two tiers cannot drift apart in how they set up.
 */
export function gpuSuite(build: (gpu: GPUHandle, scope: ResourceScope) => Promise<void> | void): void {
  let gpu: GPUHandle | undefined;
  let scope: ResourceScope | undefined;
  beforeAll(async () => {
    gpu = await testGPU();
    scope = new ResourceScope(gpu.device);
    await build(gpu, scope);
  });
  afterAll(() => {
    scope?.dispose();
    if (gpu) expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
  });
}

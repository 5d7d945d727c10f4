/**
 * Browser entry of the GPU runtime for widgets: the shared device (or null + a reason),
 * and the WGSL loader. See context.ts for the device, wgsl-browser.ts for the shaders.
 */
export {acquireGPU, gpuStats, gpuUnavailableReason, type GPUHandle} from "./context.js";
export {browserWGSL} from "./wgsl-browser.js";

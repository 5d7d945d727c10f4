/**
 * WGSL sources live once, in shaders/. A WGSLLoader returns a file's text by its path
 * relative to shaders/ ("sort/count.wgsl"): components/gpu/wgsl-browser.ts in pages,
 * components/gpu/node.ts in tests and benchmarks.
 */
export type WGSLLoader = (path: string) => Promise<string>;

/** Concatenates shader files (shared structs first) into one module's source. */
export async function composeWGSL(load: WGSLLoader, ...paths: string[]): Promise<string> {
  const parts = await Promise.all(paths.map(load));
  return parts.map((src, i) => `// ---- ${paths[i]} ----\n${src}`).join("\n");
}

const pipelineCache = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();

/**
 * A compute pipeline for `entryPoint` of the composed sources, cached per device so that
 * widgets sharing the page's device compile each kernel once. Layout: 'auto' unless given.
 * `constants`: values of the module's `override` declarations (part of the cache key).
 */
export async function computePipeline(
  device: GPUDevice,
  load: WGSLLoader,
  paths: string[],
  entryPoint: string,
  layout: GPUPipelineLayout | "auto" = "auto",
  cacheKey = "",
  constants?: Record<string, number>
): Promise<GPUComputePipeline> {
  let cache = pipelineCache.get(device);
  if (!cache) pipelineCache.set(device, (cache = new Map()));
  const key = `${paths.join("+")}#${entryPoint}#${cacheKey}${constants ? `#${JSON.stringify(constants)}` : ""}`;
  let p = cache.get(key);
  if (!p) {
    p = composeWGSL(load, ...paths).then((code) =>
      device.createComputePipelineAsync({
        label: `${paths[paths.length - 1]}:${entryPoint}`,
        layout,
        compute: {module: device.createShaderModule({label: paths[paths.length - 1], code}), entryPoint, ...(constants ? {constants} : {})},
      })
    );
    cache.set(key, p);
    p.catch(() => cache!.delete(key));
  }
  return p;
}

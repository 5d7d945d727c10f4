/**
 * WebGPU in Node through Dawn (npm package `webgpu`), for the kernel tests and the
 * benchmarks. Not imported by pages.
 *
 * Needs a Vulkan driver: on machines without a GPU, Chromium's SwiftShader ICD
 * (/usr/lib/chromium/vk_swiftshader_icd.json, from Debian's `chromium`) is used when
 * VK_ICD_FILENAMES / VK_DRIVER_FILES are unset.
 */
import {existsSync} from "node:fs";
import {readFile} from "node:fs/promises";
import {fileURLToPath} from "node:url";
import {dirname, join} from "node:path";
import type {WGSLLoader} from "./wgsl.js";

const SWIFTSHADER_ICD = "/usr/lib/chromium/vk_swiftshader_icd.json";
if (!process.env.VK_ICD_FILENAMES && !process.env.VK_DRIVER_FILES && existsSync(SWIFTSHADER_ICD)) {
  process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
}

// Kept at module level for the life of the process: if Dawn's instance is
// garbage-collected, Node crashes.
let instance: GPU | null = null;

/** The process-wide Dawn `GPU` object (also installs GPUBufferUsage etc. as globals). */
export async function nodeGPU(): Promise<GPU> {
  if (!instance) {
    const webgpu: any = await import("webgpu");
    Object.assign(globalThis, webgpu.globals);
    instance = webgpu.create([]) as GPU;
    (globalThis as any).__dawnInstance = instance;
  }
  return instance;
}

/** Directory of the WGSL sources: $SHADER_DIR, else ../../shaders next to this file, else ./shaders. */
function shaderDir(): string {
  if (process.env.SHADER_DIR) return process.env.SHADER_DIR;
  try {
    const here = dirname(fileURLToPath(import.meta.url));
    const candidate = join(here, "..", "..", "shaders");
    if (existsSync(candidate)) return candidate;
  } catch {
    /* bundled: fall through */
  }
  return join(process.cwd(), "shaders");
}

/** Loads shaders/<path> from disk. */
export const nodeWGSL: WGSLLoader = (path) => readFile(join(shaderDir(), path), "utf8");

import {defineConfig} from "vitest/config";
import {BaseSequencer, type TestSpecification} from "vitest/node";
import {mkdtempSync, readFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";

// Dawn needs a Vulkan driver in the real process environment (worker threads inherit it):
// SwiftShader from Debian's chromium on machines without a GPU.
process.env.VK_ICD_FILENAMES ??= "/usr/lib/chromium/vk_swiftshader_icd.json";
process.env.XDG_RUNTIME_DIR ??= mkdtempSync(join(tmpdir(), "xdg-"));

/**
 * Vitest's order, except that files which lose the shared Dawn device on purpose (a widget's
 * device-loss test calls the `__gpuLoseDevice` hook) run last. A loss drops every pipeline compiled
 * on that device, and the files after it in the one fork compiled theirs again on the new one: the
 * water, dust and scale kernels' files went 35 → 70 s in a fresh clone's `npm test` (quiet 2-core machine).
 */
class DeviceLossLast extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const loses = (f: TestSpecification) => (readFileSync(f.moduleId, "utf8").includes("__gpuLoseDevice") ? 1 : 0);
    return (await super.sort(files))
      .map((f) => [f, loses(f)] as const)
      .sort((a, b) => a[1] - b[1])
      .map(([f]) => f);
  }
}

export default defineConfig({
  // Framework's standard library exists only in pages; Node tests get a stub that fails loudly.
  resolve: {alias: {"observablehq:stdlib": new URL("./tests/helpers/stdlib-stub.ts", import.meta.url).pathname}},
  test: {
    include: ["tests/unit/**/*.test.ts"],
    // Dawn's wait on the GPU polls by a native `setImmediate` loop that spins a core; this makes it
    // poll once a millisecond (tests/helpers/dawn-poll.ts): gravity-gpu.test.ts 22 → 14 CPU-seconds
    // and 13.0 → 9.8 s on a quiet 2-core machine, the kernels on SwiftShader getting the core back
    setupFiles: ["tests/helpers/dawn-poll.ts"],
    sequence: {sequencer: DeviceLossLast},
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // one fork for every file: all of them share one Dawn device (acquireGPU), so each kernel compiles
    // once (with two forks, each compiled its own: 126 against 105 busy CPU-seconds for the same
    // 632 tests, 63 against 62 s of wall time, a quiet 2-core machine). The core this leaves free
    // now and then goes to the typecheck and the site's build, which `npm test` runs beside this
    // tier (scripts/run-parallel.mjs): the three in 65 s against 86 s one after the other
    maxWorkers: 1,
    // a fork runs file after file in one module graph (and one Dawn instance) instead of a fresh
    // process per file: 64 s against 78 s for the same 625 tests on a quiet 2-core machine. Files
    // must not leave state behind (each disposes its scope and devices); the three loaded runs of
    // `npm test` and CI hold that
    isolate: false,
  },
});

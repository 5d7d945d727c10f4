// The exercises on Dawn (SwiftShader): every task's starter fails and its reference passes at
// 1, 255, 256, 257, 777 and 10,000; compilation errors come back at the reader's line and
// column; an empty editor, a renamed entry point and a wrong binding get their messages; an
// endless loop is stopped by the loop guard (one loop, or nested loops by their total), and every
// task's code compiles guarded. The watchdog (a run that never finishes) is
// tested on a device whose queue never reports the work done: a kernel that really hangs
// cannot be taken back on SwiftShader (`destroy()` blocks until it ends), so the tests never
// start one.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {checkOnGPU, exerciseDevice} from "../../components/exercises/check-gpu.js";
import {guardLoops} from "../../components/exercises/loop-guard.js";
import {TASKS, taskById, taskSource} from "../../components/exercises/tasks.js";
import type {GPUHandle} from "../../components/gpu/context.js";
import {nodeGPU, nodeWGSL} from "../../components/gpu/node.js";
import {testGPU} from "../helpers/gpu.js";

let shared: GPUHandle;
let device: GPUDevice;
const source = (id: string, kind: "starter" | "solution" | "race") => taskSource(taskById(id), kind, nodeWGSL);

beforeAll(async () => {
  shared = await testGPU();
  const d = await exerciseDevice(await nodeGPU());
  if (!d) throw new Error("no exercise device (Dawn)");
  device = d;
});
afterAll(() => {
  device?.destroy();
  expect(shared.stats.validationErrors, shared.stats.lastError ?? "").toBe(0);
});

describe("the exercises' own device", () => {
  it("is not the simulations' shared device, is kept, and is replaced after a loss", async () => {
    expect(device).not.toBe(shared.device);
    expect(await exerciseDevice(await nodeGPU())).toBe(device);
    const gpu = await nodeGPU();
    const first = await exerciseDevice(gpu);
    // a second device, lost on purpose: the next call gives a fresh one
    first!.destroy();
    await first!.lost;
    const next = await exerciseDevice(gpu);
    expect(next).not.toBe(first);
    expect(next).not.toBeNull();
    device = next!;
  });

  it("resolves to null without WebGPU", async () => {
    const d = await exerciseDevice(undefined);
    // the cached device is returned while it lives; without one, no GPU means null
    expect(d === device || d === null).toBe(true);
  });
});

describe("every task on the GPU", () => {
  for (const task of TASKS) {
    it(`${task.id}: the starter runs and fails, the reference passes at ${task.sizes.join(", ")}`, async () => {
      const starter = await checkOnGPU(task, await source(task.id, "starter"), device);
      expect(starter.problem).toBeUndefined();
      expect(starter.messages.filter((m) => m.type === "error")).toEqual([]);
      expect(starter.cases.length).toBe(task.sizes.length);
      expect(starter.passed).toBe(false);
      const failed = starter.cases.find((c) => !c.passed)!;
      expect(failed.mismatch!.expected).not.toBe(failed.mismatch!.got);

      const solution = await checkOnGPU(task, await source(task.id, "solution"), device);
      expect(solution.problem).toBeUndefined();
      expect(solution.cases.map((c) => [c.size, c.passed])).toEqual(task.sizes.map((s) => [s, true]));
      expect(solution).toMatchObject({engine: "gpu", passed: true});
    });
  }
});

describe("messages on the GPU", () => {
  const task = taskById("scan-round");

  it("an empty editor", async () => {
    const r = await checkOnGPU(task, "\n  // nothing\n", device);
    expect(r.problem).toMatch(/^The editor is empty: write the kernel `scan_round`/);
  });

  it("a syntax error at the reader's line and column", async () => {
    const code = (await source("scan-round", "solution")).replace("var sum = src[i];", "var sum = src[i;");
    const lines = code.split("\n");
    const line = lines.findIndex((l) => l.includes("var sum = src[i;")) + 1;
    const r = await checkOnGPU(task, code, device);
    expect(r.cases).toEqual([]);
    expect(r.messages[0]).toEqual({type: "error", message: "expected ']' for index accessor", line, column: lines[line - 1].indexOf(";") + 1});
  });

  it("an unknown identifier at its place", async () => {
    const code = (await source("scan-round", "solution")).replace("sum = sum + src[i - round.stride];", "sum = sum + srcs[i - round.stride];");
    const lines = code.split("\n");
    const line = lines.findIndex((l) => l.includes("srcs[")) + 1;
    const error = (await checkOnGPU(task, code, device)).messages.find((m) => m.type === "error")!;
    expect(error).toMatchObject({line, column: lines[line - 1].indexOf("srcs") + 1});
    expect(error.message).toMatch(/srcs/);
  });

  it("a renamed entry point and a wrong binding", async () => {
    const solution = await source("scan-round", "solution");
    expect((await checkOnGPU(task, solution.replace("fn scan_round(", "fn my_round("), device)).problem).toBe(
      "The task runs the @compute function `scan_round`, and your code has none of that name (your code has `my_round`)."
    );
    const readOnly = solution.replace("var<storage, read_write> dst", "var<storage, read> dst").replace("dst[i] = sum;", "");
    expect((await checkOnGPU(task, readOnly, device)).problem).toBe(
      "@binding(2) must be declared `var<storage, read_write> dst`; your code declares `dst` another way."
    );
  });

  it("an out-of-bounds write is clamped by WebGPU: a wrong answer, no crash", async () => {
    const code = (await source("scan-round", "solution")).replace("dst[i] = sum;", "dst[i + 1000000u] = sum;");
    const r = await checkOnGPU(task, code, device);
    expect(r.problem).toBeUndefined();
    expect(r.passed).toBe(false);
  });

  it("every task's code with loops compiles guarded (a guard that does not compile is dropped without a word)", async () => {
    let guardedKernels = 0;
    for (const t of TASKS) {
      for (const kind of ["starter", "solution"] as const) {
        const guarded = guardLoops(await source(t.id, kind));
        if (!guarded) continue;
        guardedKernels++;
        const info = await device.createShaderModule({code: guarded}).getCompilationInfo();
        expect(
          info.messages.filter((m) => m.type === "error").map((m) => m.message),
          `${t.id}/${kind}`
        ).toEqual([]);
      }
    }
    // the scan's rounds (with its barrier) and the neighbour count's three nested loops at least
    expect(guardedKernels).toBeGreaterThanOrEqual(3);
  });

  it("an endless loop is stopped by the loop guard, with a problem (also in a loop with a barrier)", async () => {
    // a loop without a way out does not compile: the compiler says so at its line
    const noExit = (await source("scan-round", "solution")).replace("dst[i] = sum;", "loop { dst[i] = sum; }");
    const line = noExit.split("\n").findIndex((l) => l.includes("loop {")) + 1;
    expect((await checkOnGPU(task, noExit, device)).messages).toEqual([{type: "error", message: "loop does not exit", line, column: 3}]);
    const endless = (await source("scan-round", "solution")).replace("dst[i] = sum;", "loop { if (src[i] == 12345678u) { break; } dst[i] = sum; }");
    expect((await checkOnGPU(task, endless, device)).problem).toBe(
      "A loop ran more than 65,536 times in one thread at size 1 — an endless loop? The check stopped it."
    );
    // an endless loop around a finite one: each inner loop stops on its own, the call's total stops both
    const nested = (await source("scan-round", "solution")).replace(
      "dst[i] = sum;",
      "loop { if (src[i] == 12345678u) { break; } var k = 0u; loop { k++; if (k > 4000u) { break; } } dst[i] = sum; }"
    );
    expect((await checkOnGPU(task, nested, device, {sizes: [1]})).problem).toBe(
      "The loops of one function call ran more than 65,536 passes in all in one thread at size 1 — an endless loop? The check stopped it."
    );
    const scan = (await source("workgroup-scan", "solution")).replace("stride = stride << 1u", "stride = stride");
    const r = await checkOnGPU(taskById("workgroup-scan"), scan, device, {sizes: [1], timeoutMs: 20_000});
    expect(r.problem).toMatch(/an endless loop\?/);
  });
});

describe("the watchdog", () => {
  it("a run that does not finish in time destroys the device and says so", async () => {
    let destroyed = 0;
    const real = device;
    const queue = new Proxy(real.queue, {
      get: (q, key) => (key === "onSubmittedWorkDone" ? () => new Promise(() => {}) : ((v) => (typeof v === "function" ? v.bind(q) : v))(Reflect.get(q, key))),
    });
    const stuck = new Proxy(real, {
      get: (d, key) => {
        if (key === "queue") return queue;
        if (key === "destroy") return () => void destroyed++;
        const v = Reflect.get(d, key);
        return typeof v === "function" ? v.bind(d) : v;
      },
    }) as GPUDevice;
    const r = await checkOnGPU(task(), await source("exclusive-shift", "solution"), stuck, {timeoutMs: 200});
    expect(r.passed).toBe(false);
    expect(r.problem).toBe("The kernel ran past 0.2 s at size 1 — an endless loop? The GPU was reset; check again when it is fixed.");
    expect(destroyed).toBe(1);
    await real.queue.onSubmittedWorkDone();
  });
  const task = () => taskById("exclusive-shift");
});

// The exercises on the CPU interpreter (wgsl_reflect, stepped in lockstep): every task's
// starter fails and its reference passes at the interpreter's sizes; the scan without its
// barrier is reported as the race it is; an empty editor, a syntax error, a renamed entry
// point and a wrong binding each get their message; an endless loop ends in a problem, both
// through the interpreter's own deadline and through the worker wrapper's termination.
import {describe, expect, it} from "vitest";
import {WgslParser} from "wgsl_reflect/wgsl_reflect.module.js";
import {barrierUnderIf, checkOnInterpreter} from "../../components/exercises/check-interpreter.js";
import {dispatchOnCPU} from "../../components/exercises/interpreter.js";
import {checkInWorker, type WorkerLike} from "../../components/exercises/interpreter-client.js";
import {answer} from "../../components/exercises/interpreter-worker.js";
import {TASKS, TASKS_WITH_RACE, taskById, taskSource} from "../../components/exercises/tasks.js";
import {nodeWGSL} from "../../components/gpu/node.js";

const source = (id: string, kind: "starter" | "solution" | "race") => taskSource(taskById(id), kind, nodeWGSL);

describe("every task on the CPU interpreter", () => {
  for (const task of TASKS) {
    it(`${task.id}: the starter runs and fails, the reference passes at ${task.interpreterSizes.join(", ")}`, async () => {
      const starter = checkOnInterpreter(task, await source(task.id, "starter"));
      expect(starter.problem).toBeUndefined();
      expect(starter.messages).toEqual([]);
      expect(starter.cases.length).toBe(task.interpreterSizes.length);
      expect(starter.passed).toBe(false);
      const failed = starter.cases.find((c) => !c.passed)!;
      expect(failed.mismatch!.expected).not.toBe(failed.mismatch!.got);
      expect(failed.window!.expected.length).toBe(failed.window!.got.length);

      const solution = checkOnInterpreter(task, await source(task.id, "solution"));
      expect(solution.problem).toBeUndefined();
      expect(solution.race).toBeUndefined();
      expect(solution.cases.map((c) => [c.size, c.passed])).toEqual(task.interpreterSizes.map((s) => [s, true]));
      expect(solution.passed).toBe(true);
      expect(solution.engine).toBe("interpreter");
    });
  }
});

describe("races", () => {
  it("the scan without its barrier is a race on tile, with the two threads and lines", async () => {
    expect(TASKS_WITH_RACE.has("workgroup-scan")).toBe(true);
    const code = await source("workgroup-scan", "race");
    const r = checkOnInterpreter(taskById("workgroup-scan"), code);
    expect(r.passed).toBe(false);
    expect(r.race).toMatchObject({buffer: "tile", workgroup: 0});
    expect(r.race!.slot).toMatch(/^tile\[[01]\]\[\d+\]$/);
    expect(r.race!.reader).not.toBe(r.race!.writer);
    const lines = code.split("\n");
    expect(lines[r.race!.readLine! - 1]).toMatch(/tile\[src\]/);
    expect(lines[r.race!.writeLine! - 1]).toMatch(/tile\[1u - src\]\[t\] = sum/);
    expect(r.problem).toMatch(/^A race on tile\[/);
    expect(r.problem).toMatch(/workgroupBarrier/);
  });

  it("atomics on one counter are no race (WGSL reads an atomic only atomically)", () => {
    const code = `
@group(0) @binding(0) var<storage, read_write> c: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) t: u32) {
  atomicAdd(&c[0], 1u);
  out[t] = atomicLoad(&c[0]);
}`;
    const c = new Uint32Array(4);
    const r = dispatchOnCPU(code, "main", [1, 1, 1], {0: {0: c.buffer, 1: new Uint32Array(64).buffer}});
    expect(r.race).toBeNull();
    expect(r.errors).toEqual([]);
    expect(c[0]).toBe(64);
  });

  it("a barrier that only some threads reach is reported", () => {
    const code = `
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) t: u32) {
  if (t >= 32u) { return; }
  tile[t] = t;
  workgroupBarrier();
  out[t] = tile[63u - t];
}`;
    const r = dispatchOnCPU(code, "main", [1, 1, 1], {0: {0: new Uint32Array(64).buffer}});
    expect(r.errors[0]).toMatch(/32 invocation\(s\) returned before the barrier/);
  });

  it("the scan's barrier under `if (i < size.n)`: the race names the barrier under the \`if\` as its cause", async () => {
    // the round's barrier (the last one in the file) moved under the bounds test
    const solution = await source("workgroup-scan", "solution");
    const at = solution.lastIndexOf("workgroupBarrier();");
    const code = `${solution.slice(0, at)}if (i < size.n) { workgroupBarrier(); }${solution.slice(at + "workgroupBarrier();".length)}`;
    expect(code).toContain("if (i < size.n) { workgroupBarrier(); }");
    const r = checkOnInterpreter(taskById("workgroup-scan"), code);
    expect(r.passed).toBe(false);
    expect(r.problem).toMatch(/^A race on tile/);
    const line = code.split("\n").findIndex((l) => l.includes("if (i < size.n) { workgroupBarrier(); }")) + 1;
    expect(r.problem).toContain(`the workgroupBarrier() at line ${line} sits inside an \`if\``);
    // the reference's barriers are outside any `if`: no such sentence
    expect(barrierUnderIf(WgslParser.Parse(await source("workgroup-scan", "solution")))).toBe(0);
  });

  it("workgroup memory starts at zero in every workgroup, as WebGPU guarantees", () => {
    const code = `
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> seen: array<u32, 4>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) t: u32, @builtin(workgroup_id) w: vec3<u32>) {
  let before = seen[t];
  workgroupBarrier();
  seen[t] = 7u;
  out[w.x * 4u + t] = before;
}`;
    const out = new Uint32Array(8);
    dispatchOnCPU(code, "main", [2, 1, 1], {0: {0: out.buffer}});
    expect(Array.from(out)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe("messages for code that cannot be checked", () => {
  const task = taskById("scan-round");

  it("an empty editor", () => {
    for (const code of ["", "  \n", "// nothing yet\n/* still nothing */"]) {
      const r = checkOnInterpreter(task, code);
      expect(r.passed).toBe(false);
      expect(r.problem).toMatch(/^The editor is empty: write the kernel `scan_round`/);
    }
  });

  it("a syntax error at its line (wgsl_reflect gives no column: 0)", async () => {
    const solution = await source("scan-round", "solution");
    const lineOf = (code: string, text: string) => code.split("\n").findIndex((l) => l.includes(text)) + 1;
    for (const [from, to, message] of [
      ["var sum = src[i];", "var sum = src[i;", "Expected ']'"],
      ["if (i >= round.stride) {", "if (i >= round.stride {", "Expected ')'"],
    ]) {
      const code = solution.replace(from, to);
      const r = checkOnInterpreter(task, code);
      expect(r.cases).toEqual([]);
      expect(r.messages).toEqual([{type: "error", message, line: lineOf(code, to), column: 0}]);
    }
  });

  it("a renamed entry point", async () => {
    const code = (await source("scan-round", "solution")).replace("fn scan_round(", "fn my_round(");
    const r = checkOnInterpreter(task, code);
    expect(r.problem).toBe("The task runs the @compute function `scan_round`, and your code has none of that name (your code has `my_round`).");
  });

  it("an entry point without @compute", async () => {
    const code = (await source("scan-round", "solution")).replace("@compute @workgroup_size(256)", "");
    expect(checkOnInterpreter(task, code).problem).toMatch(/^`scan_round` must be a compute entry point/);
  });

  it("a binding the task does not provide, or declared another way", async () => {
    const solution = await source("scan-round", "solution");
    const moved = solution.replace("@group(0) @binding(2) var<storage, read_write> dst", "@group(0) @binding(5) var<storage, read_write> dst");
    expect(checkOnInterpreter(task, moved).problem).toMatch(/^`dst` is bound at @group\(0\) @binding\(5\), which this task does not provide/);
    const readOnly = solution.replace("var<storage, read_write> dst", "var<storage, read> dst");
    expect(checkOnInterpreter(task, readOnly).problem).toBe(
      "@binding(2) must be declared `var<storage, read_write> dst`; your code declares `dst` another way."
    );
  });

  it("an endless loop is stopped by the loop guard, with a problem", async () => {
    for (const loop of [
      "loop { dst[i] = sum; }",
      "while (true) { }",
      "while (i < 100000u) { dst[i] = 5u; }",
      "for (var k = 0u; k < 10u; k = k) { dst[i] = k; }",
    ]) {
      const code = (await source("scan-round", "solution")).replace("dst[i] = sum;", loop);
      const r = checkOnInterpreter(task, code);
      expect(r.passed).toBe(false);
      expect(r.problem).toBe("A loop ran more than 4,096 times in one thread at size 1 on the CPU interpreter — an endless loop? The check stopped it.");
    }
  });

  it("nested loops count each loop's own passes: 100 × 100 passes in all is no endless loop", async () => {
    // a sum over a 100 × 100 square per thread: 10,100 loop passes in the call, no loop past 100
    const nested = "var n = 0u; for (var a = 0u; a < 100u; a++) { for (var b = 0u; b < 100u; b++) { n += 1u; } } dst[i] = sum + n - 10000u;";
    const code = (await source("scan-round", "solution")).replace("dst[i] = sum;", nested);
    const r = checkOnInterpreter(task, code, {sizes: [1]});
    expect(r.problem).toBeUndefined();
    expect(r.passed).toBe(true);
  });

  it("an endless loop inside a finite one is stopped by its own count; endless nesting by the call's total", async () => {
    const solution = await source("scan-round", "solution");
    const inner = solution.replace("dst[i] = sum;", "for (var a = 0u; a < 3u; a++) { loop { dst[i] = sum; } }");
    expect(checkOnInterpreter(task, inner, {sizes: [1]}).problem).toBe(
      "A loop ran more than 4,096 times in one thread at size 1 on the CPU interpreter — an endless loop? The check stopped it."
    );
    // each inner loop stops at 4,096 passes, the outer one never ends: the call's 65,536 passes in all stop both
    const both = solution.replace("dst[i] = sum;", "loop { var k = 0u; loop { k++; if (k > 4000u) { break; } } dst[i] = sum; }");
    expect(checkOnInterpreter(task, both, {sizes: [1]}).problem).toBe(
      "The loops of one function call ran more than 65,536 passes in all in one thread at size 1 on the CPU interpreter — an endless loop? The check stopped it."
    );
  });

  it("a kernel past the interpreter's time ends at the deadline, with a problem", async () => {
    const slow = "for (var k = 0u; k < 4000u; k++) { dst[i] = sum + k; }";
    const code = (await source("scan-round", "solution")).replace("dst[i] = sum;", slow);
    const r = checkOnInterpreter(task, code, {timeoutMs: 50, sizes: [257]});
    expect(r.passed).toBe(false);
    expect(r.problem).toBe("The kernel ran past 0.05 s on the CPU interpreter at size 257 — an endless loop?");
  });

  it("a read past an array's end is a problem, not a crash", async () => {
    const code = (await source("scan-round", "solution")).replace("var sum = src[i];", "var sum = src[i + 100000u];");
    const r = checkOnInterpreter(task, code);
    expect(r.passed).toBe(false);
    expect(r.problem ?? "").not.toBe("");
  });
});

describe("the worker", () => {
  it("answers a request by id (the worker's own handler), and an unknown task with a problem", async () => {
    const reply = answer({id: 7, task: "exclusive-shift", code: await source("exclusive-shift", "solution")});
    expect(reply.id).toBe(7);
    expect(reply.result.passed).toBe(true);
    expect(answer({id: 8, task: "nope", code: "x"}).result.problem).toMatch(/^The CPU interpreter failed: no exercise "nope"/);
  });

  it("relays the worker's answer and terminates it", async () => {
    let terminated = 0;
    const fake: WorkerLike = {
      onmessage: null,
      onerror: null,
      terminate: () => void terminated++,
      postMessage(request: any) {
        queueMicrotask(() => this.onmessage?.({data: {id: request.id + 1000, result: null}})); // someone else's answer: ignored
        queueMicrotask(() => this.onmessage?.({data: answer(request)}));
      },
    };
    const r = await checkInWorker(taskById("exclusive-shift"), await source("exclusive-shift", "starter"), {createWorker: () => fake});
    expect(r.passed).toBe(false);
    expect(r.cases.length).toBe(taskById("exclusive-shift").interpreterSizes.length);
    expect(terminated).toBe(1);
  });

  it("terminates a worker that does not answer in time (an endless kernel) and says so", async () => {
    let terminated = 0;
    const silent: WorkerLike = {onmessage: null, onerror: null, terminate: () => void terminated++, postMessage: () => {}};
    const r = await checkInWorker(taskById("scan-round"), "loop {}", {createWorker: () => silent, timeoutMs: 10});
    expect(r).toMatchObject({engine: "interpreter", passed: false});
    expect(r.problem).toMatch(/an endless loop\? It was stopped\./);
    expect(terminated).toBe(1);
  });

  it("a worker that fails to start or errors gives a problem", async () => {
    const r1 = await checkInWorker(taskById("scan-round"), "x", {
      createWorker: () => {
        throw new Error("no workers here");
      },
    });
    expect(r1.problem).toBe("The CPU interpreter could not start: no workers here");
    const failing: WorkerLike = {
      onmessage: null,
      onerror: null,
      terminate: () => {},
      postMessage: () => queueMicrotask(() => failing.onerror?.({message: "boom"})),
    };
    expect((await checkInWorker(taskById("scan-round"), "x", {createWorker: () => failing})).problem).toBe("The CPU interpreter failed: boom");
  });
});

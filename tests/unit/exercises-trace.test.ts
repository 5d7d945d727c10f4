// Following one thread through the CPU interpreter (traceOnInterpreter): the workgroup scan's
// reference, thread k, reads the slots of tile a Hillis–Steele scan reads (its own and the one
// `stride` to its left while stride ≤ k), writes its partial sums, and reaches every barrier;
// the scan without its barrier shows thread k reading tile[0][k − 1] in the same phase as thread
// k − 1's later write of that slot (read before write), and one barrier only.
import {describe, expect, it} from "vitest";
import {traceOnInterpreter} from "../../components/exercises/check-interpreter.js";
import {taskById, taskSource} from "../../components/exercises/tasks.js";
import type {TraceAccess} from "../../components/exercises/task.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {blockScanTwin} from "../../components/sort/twin.js";

const task = taskById("workgroup-scan");
const source = (kind: "solution" | "race") => taskSource(task, kind, nodeWGSL);
/** 1-based lines of `code` holding `text`. */
const linesOf = (code: string, text: string) =>
  code
    .split("\n")
    .map((l, i) => (l.includes(text) ? i + 1 : 0))
    .filter((n) => n > 0);
const K = 5;

describe("following one thread of the workgroup scan", () => {
  it("the reference: thread k reads its own slot and the one `stride` to its left, writes the partial sums, reaches all 9 barriers", async () => {
    const code = await source("solution");
    const trace = traceOnInterpreter(task, code, {thread: K});
    expect(trace.problem).toBeUndefined();
    expect(trace).toMatchObject({thread: K, workgroup: 0, workgroupSize: 256, size: 257, truncated: false, race: null});
    // the check's own input at that size (its last case, seed 1 + 1)
    const values = task.input(257, 2).buffers[1] as Uint32Array;
    const sum = (from: number, to: number) => values.slice(Math.max(0, from), to + 1).reduce((a, b) => a + b, 0);
    const expected: Omit<TraceAccess, "index">[] = [
      {kind: "read", buffer: "values", slot: `values[${K}]`, value: values[K]},
      {kind: "write", buffer: "tile", slot: `tile[0][${K}]`, value: values[K]},
    ];
    for (let r = 0, stride = 1; stride < 256; r++, stride *= 2) {
      const src = r % 2;
      expected.push({kind: "read", buffer: "tile", slot: `tile[${src}][${K}]`, value: sum(K - stride + 1, K)});
      if (stride <= K) expected.push({kind: "read", buffer: "tile", slot: `tile[${src}][${K - stride}]`, value: sum(K - 2 * stride + 1, K - stride)});
      expected.push({kind: "write", buffer: "tile", slot: `tile[${1 - src}][${K}]`, value: sum(K - 2 * stride + 1, K)});
    }
    const total = blockScanTwin(values).blockInclusive[K];
    expected.push({kind: "read", buffer: "tile", slot: `tile[0][${K}]`, value: total}, {kind: "write", buffer: "out", slot: `out[${K}]`, value: total});
    const accesses = trace.steps.flatMap((s) => s.accesses);
    expect(accesses.map(({index: _, ...a}) => a)).toEqual(expected);
    // every barrier: the one after the first write, then one per round (8), at the code's two barrier lines
    const barriers = trace.steps.filter((s) => s.barrier);
    const [first, round] = linesOf(code, "workgroupBarrier();");
    expect(barriers.map((s) => s.line)).toEqual([first, ...new Array(8).fill(round)]);
    // with a barrier after every round, no access meets another thread's in the same phase
    expect(accesses.some((a) => a.race)).toBe(false);
  });

  it("the scan without its barrier: thread k reads tile[0][k − 1] before thread k − 1 writes it, in one phase", async () => {
    const code = await source("race");
    const trace = traceOnInterpreter(task, code, {thread: K});
    expect(trace.problem).toBeUndefined();
    expect(trace.race).toMatchObject({buffer: "tile", workgroup: 0});
    expect(trace.steps.filter((s) => s.barrier).map((s) => s.line)).toEqual(linesOf(code, "workgroupBarrier();"));
    const values = task.input(257, 2).buffers[1] as Uint32Array;
    const [readLine] = linesOf(code, "sum = sum + tile[src][t - stride];");
    const [writeLine] = linesOf(code, "tile[1u - src][t] = sum;");
    const step = trace.steps.find((s) => s.accesses.some((a) => a.slot === `tile[0][${K - 1}]` && a.kind === "read"))!;
    expect(step.line).toBe(readLine);
    // the old value (round 0 wrote it), while thread k − 1 writes its round-1 sum there with no barrier between
    expect(step.accesses.find((a) => a.slot === `tile[0][${K - 1}]`)).toEqual({
      kind: "read",
      buffer: "tile",
      index: K - 1,
      slot: `tile[0][${K - 1}]`,
      value: values[K - 1],
      race: {thread: K - 1, line: writeLine, kind: "write"},
    });
  });

  it("a thread past the workgroup's end has no steps; code that does not parse says where", async () => {
    expect(traceOnInterpreter(task, await source("solution"), {thread: 300}).steps).toEqual([]);
    const broken = (await source("solution")).replace("var src = 0u;", "var src = (0u;");
    expect(traceOnInterpreter(task, broken, {thread: 0}).problem).toMatch(new RegExp(`^Line ${linesOf(broken, "(0u;")[0]}: Expected`));
  });
});

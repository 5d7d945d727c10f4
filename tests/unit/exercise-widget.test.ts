// The exercise widget's Node-safe parts and the page's wiring to the counting sort: the schema's task
// ids are the task list's, a compiler message finds its place in the editor's text, the result's
// sentences, the mismatch window that fits a width, and the wiring's harness (a driven task's own
// twin, run through the wiring on the widget's arrays, gives back the widget's own arrays).
import {EditorState} from "@codemirror/state";
import {describe, expect, it} from "vitest";
import {drivenPhase, harnessInput, widgetOutput} from "../../components/essay/exercise-drive.js";
import type {CheckResult, Task, ThreadTrace} from "../../components/exercises/task.js";
import {TASKS} from "../../components/exercises/tasks.js";
import {packParticles} from "../../components/sort/particles.js";
import {plainSnapshots, seededParticles, teachingGrid} from "../../components/sort/teaching.js";
import {countingSortTwin} from "../../components/sort/twin.js";
import {replaceKernel} from "../../components/widgets/counting-sort/replacement.js";
import {messageRange} from "../../components/widgets/exercise/editor.js";
import {fitWindow} from "../../components/widgets/exercise/mismatch.js";
import {exerciseSchema} from "../../components/widgets/exercise/options.js";
import {summaryOf} from "../../components/widgets/exercise/result.js";
import {stepCaption} from "../../components/widgets/exercise/stepper.js";
import {TASK_IDS} from "../../components/widgets/exercise/task-ids.js";

describe("the exercise widget", () => {
  it("offers every task, in the task list's order, and starts at the first", () => {
    expect([...TASK_IDS]).toEqual(TASKS.map((t) => t.id));
    expect(exerciseSchema.task.values).toEqual(TASK_IDS);
    expect(exerciseSchema.task.default).toBe(TASKS[0].id);
  });

  it("puts a compiler message at its line and column, on the word there, clamped into the text", () => {
    const state = EditorState.create({doc: "fn main() {\n  let x = foo;\n}\n"});
    const at = (line: number, column: number) => {
      const r = messageRange(state, {line, column});
      return state.sliceDoc(r.from, r.to);
    };
    expect(at(2, 11)).toBe("foo");
    expect(at(2, 7)).toBe("x");
    expect(at(2, 14)).toBe(";");
    // past the end of a line or of the text: its last place, never an error
    expect(messageRange(state, {line: 99, column: 99})).toEqual({from: state.doc.length, to: state.doc.length});
    expect(messageRange(state, {line: 0, column: 0}).from).toBe(0);
  });

  it("marks the line's text after its indentation where the compiler gave no column (0)", () => {
    const state = EditorState.create({doc: "fn main() {\n  let x = (1u;\n}\n"});
    const r = messageRange(state, {line: 2, column: 0});
    expect(state.sliceDoc(r.from, r.to)).toBe("let x = (1u;");
  });

  it("says in one sentence how a check went", () => {
    const base: CheckResult = {engine: "gpu", passed: false, messages: [], cases: []};
    expect(summaryOf({...base, messages: [{type: "error", message: "x", line: 3, column: 1}]})).toMatch(/^Your code does not compile: one error/);
    expect(summaryOf({...base, problem: "The editor is empty."})).toBe("The editor is empty.");
    expect(
      summaryOf({
        ...base,
        passed: true,
        cases: [
          {size: 1, passed: true},
          {size: 10_000, passed: true},
        ],
      })
    ).toBe("Passed: at every size (1, 10,000) your kernel's output equals the twin's.");
    expect(
      summaryOf({
        ...base,
        cases: [
          {size: 1, passed: true},
          {size: 257, passed: false, mismatch: {index: 256, expected: 3, got: 0}},
        ],
      })
    ).toBe("Wrong answer at size 257: index 256 should be 3, your kernel wrote 0.");
    expect(summaryOf({...base, race: {buffer: "tmp", index: 5, reader: 4, writer: 3}, problem: "A race on tmp[5]: …"})).toMatch(/races/);
  });

  it("shows as many words around the mismatch as the width holds, the mismatch inside", () => {
    const expected = Array.from({length: 17}, (_, i) => i);
    const got = expected.map((v, i) => (i === 12 ? 99 : v));
    const c = {size: 40, passed: false, mismatch: {index: 20, expected: 12, got: 99}, window: {start: 8, expected, got}};
    const wide = fitWindow(c, 900)!;
    expect(wide.expected).toHaveLength(17);
    const phone = fitWindow(c, 300)!;
    expect(phone.expected.length).toBeLessThan(17);
    expect(phone.expected.length).toBeGreaterThanOrEqual(5);
    expect(phone.start).toBeLessThanOrEqual(20);
    expect(phone.start + phone.expected.length).toBeGreaterThan(20);
    expect(fitWindow({size: 1, passed: true}, 900)).toBeNull();
  });
});

describe("the page's wiring of an exercise to the counting sort", () => {
  const side = 4;
  const particles = seededParticles(7, 56, side, side);
  const base = plainSnapshots(countingSortTwin(teachingGrid(side, side), packParticles(particles)));
  const driven = TASKS.filter((t) => drivenPhase(t));

  it("knows the phase of each task that drives the sort", () => {
    expect(Object.fromEntries(driven.map((t) => [t.id, drivenPhase(t)]))).toEqual({
      histogram: "count",
      "scan-round": "scan-round",
      "exclusive-shift": "shift",
      scatter: "scatter",
    });
  });

  it("a driven task's own twin, run through the wiring on the widget's arrays, gives the widget's own snapshots", async () => {
    for (const task of driven) {
      const phase = drivenPhase(task)!;
      const twin = (t: Task) => ({
        phase,
        label: `the ${t.id} twin`,
        run: async (input: Parameters<typeof harnessInput>[1]) => widgetOutput(phase, t.twin(harnessInput(phase, input))),
      });
      const got = await replaceKernel(base, particles, side, twin(task));
      // the scatter's order inside a cell is free: compare each cell's particles
      if (phase === "scatter") {
        expect(got.starts).toEqual(base.starts);
        for (let c = 0; c < side * side; c++) {
          const cell = (o: number[]) => o.slice(base.starts[c], base.starts[c + 1]).sort((a, b) => a - b);
          expect(cell(got.order), `${task.id}: cell ${c}`).toEqual(cell(base.order));
        }
      } else expect(got, task.id).toEqual(base);
    }
  });
});

describe("the stepper's caption", () => {
  const trace: ThreadTrace = {
    thread: 3,
    workgroup: 0,
    workgroupSize: 256,
    size: 257,
    truncated: false,
    race: null,
    steps: [
      {line: 14, accesses: [{kind: "read", buffer: "data", index: 2, slot: "data[2]", value: 7}]},
      {line: 15, accesses: []},
      {line: 16, accesses: [], barrier: true},
      {
        line: 17,
        accesses: [{kind: "read", buffer: "tile", index: 2, slot: "tile[0][2]", value: 0.1 + 0.2, race: {thread: 2, line: 19, kind: "write"}}],
      },
      {line: 18, accesses: [{kind: "atomic", buffer: "counts", index: 4, slot: "counts[4]", value: 3}]},
    ],
  };
  it("says the step, its count, what it touched and the line, and the race a read is part of", () => {
    expect(stepCaption(trace, 0)).toBe("thread 3, step 1 of 5: reads data[2] = 7 at line 14");
    expect(stepCaption(trace, 1)).toBe("thread 3, step 2 of 5: touches no buffer at line 15");
    expect(stepCaption(trace, 2)).toBe("thread 3, step 3 of 5: waits at the barrier until every thread of the workgroup has reached it at line 16");
    expect(stepCaption(trace, 3)).toBe(
      "thread 3, step 4 of 5: reads tile[0][2] = 0.3 at line 17 — a race: thread 2 writes tile[0][2] at line 19 with no barrier between"
    );
    expect(stepCaption(trace, 4)).toBe("thread 3, step 5 of 5: updates counts[4] atomically, now 3 at line 18");
    expect(stepCaption({...trace, thread: 300, steps: []}, 0)).toBe("thread 300 takes no step here: it is past the workgroup's 256 threads.");
  });
});

// The exercises' tasks and their plumbing, without a GPU: every task is complete and its
// starter declares exactly the task's bindings and entry point; the inputs are seeded and
// exact; the neighbour twin agrees with brute force; the scatter accepts any order within a
// cell and nothing else; the loop guard keeps the reader's line numbers.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {WgslReflect} from "wgsl_reflect/wgsl_reflect.module.js";
import {compareCase, isBlank} from "../../components/exercises/compare.js";
import {shapeProblem} from "../../components/exercises/shape.js";
import {guardLoops} from "../../components/exercises/loop-guard.js";
import {GPU_SIZES, TASKS, TASKS_WITH_RACE, taskById} from "../../components/exercises/tasks.js";
import {PARTICLE_WORDS} from "../../components/sort/particles.js";

const read = (id: string, kind: string) => readFileSync(`shaders/exercises/${id}/${kind}.wgsl`, "utf8");

describe("the tasks", () => {
  it("are eight, in the essay's order, with unique ids", () => {
    expect(TASKS.map((t) => t.id)).toEqual([
      "cell-key",
      "histogram",
      "scan-round",
      "workgroup-scan",
      "exclusive-shift",
      "scatter",
      "neighbour-count",
      "compaction",
    ]);
  });

  it("sizes: 1, 255, 256, 257, 10,000 and one that is no multiple of the workgroup, on the GPU; fewer on the interpreter", () => {
    expect(GPU_SIZES).toEqual(expect.arrayContaining([1, 255, 256, 257, 10_000]));
    expect(GPU_SIZES.some((n) => n % 256 !== 0 && n > 257 && n < 10_000)).toBe(true);
    for (const t of TASKS) {
      expect(t.sizes, t.id).toEqual(GPU_SIZES);
      expect(t.interpreterSizes.length, t.id).toBeGreaterThan(1);
      expect(Math.max(...t.interpreterSizes), t.id).toBeLessThanOrEqual(257);
    }
  });

  for (const t of TASKS) {
    it(`${t.id}: complete, and its starter and reference declare exactly its bindings and entry point`, () => {
      expect(t.goal.length).toBeGreaterThan(20);
      expect(t.requirements.length).toBeGreaterThanOrEqual(2);
      expect(t.hints.length).toBeGreaterThanOrEqual(2);
      expect(t.hints.length).toBeLessThanOrEqual(3);
      expect(t.elsewhere).toMatch(/\]\(https:\/\//);
      expect(t.bindings.map((b) => b.binding)).toContain(t.output);
      for (const kind of ["starter", "solution", ...(TASKS_WITH_RACE.has(t.id) ? ["race"] : [])]) {
        const code = read(t.id, kind);
        expect(shapeProblem(t, code), `${t.id}/${kind}`).toBeNull();
        const reflect = new WgslReflect(code);
        const declared = [...reflect.uniforms, ...reflect.storage].map((v) => [v.binding, v.name]).sort((a, b) => Number(a[0]) - Number(b[0]));
        expect(declared, `${t.id}/${kind}`).toEqual(t.bindings.map((b) => [b.binding, b.name]));
        expect(reflect.entry.compute.map((f) => f.name)).toEqual([t.entryPoint]);
      }
      expect(read(t.id, "starter")).not.toBe(read(t.id, "solution"));
    });
  }

  it("inputs are seeded: the same (size, seed) gives the same words, another seed others", () => {
    for (const t of TASKS) {
      const a = t.input(257, 3);
      const b = t.input(257, 3);
      const c = t.input(257, 4);
      expect(a.workgroups).toEqual([2, 1, 1]);
      for (const k of Object.keys(a.buffers)) expect(Array.from(a.buffers[+k]), `${t.id} ${k}`).toEqual(Array.from(b.buffers[+k]));
      expect(
        Object.keys(a.buffers).some((k) => Array.from(a.buffers[+k]).join() !== Array.from(c.buffers[+k]).join()),
        t.id
      ).toBe(true);
    }
  });

  it("the neighbour twin equals brute force over every pair, and the input holds pairs exactly h apart and on one spot", () => {
    const t = taskById("neighbour-count");
    const input = t.input(777, 5);
    const u = new Uint32Array(input.buffers[1].buffer);
    const f = new Float32Array(input.buffers[1].buffer);
    const h = new Float32Array(input.buffers[0].buffer)[3];
    const brute = new Uint32Array(777);
    let exactlyH = 0;
    let same = 0;
    for (let i = 0; i < 777; i++) {
      for (let j = 0; j < 777; j++) {
        const dx = f[j * PARTICLE_WORDS] - f[i * PARTICLE_WORDS];
        const dy = f[j * PARTICLE_WORDS + 1] - f[i * PARTICLE_WORDS + 1];
        const d2 = dx * dx + dy * dy;
        if (i !== j && d2 < h * h) brute[i]++;
        if (i < j && d2 === h * h) exactlyH++;
        if (i < j && d2 === 0) same++;
      }
    }
    expect(u.length).toBe(777 * PARTICLE_WORDS);
    expect(Array.from(t.twin(input))).toEqual(Array.from(brute));
    expect(exactlyH).toBeGreaterThan(50);
    expect(same).toBeGreaterThan(50);
  });

  it("the cell-key input puts particles outside the grid and on cell borders", () => {
    const t = taskById("cell-key");
    const input = t.input(10_000, 1);
    const f = new Float32Array(input.buffers[1].buffer);
    let outside = 0;
    let border = 0;
    for (let i = 0; i < 10_000; i++) {
      const x = f[i * PARTICLE_WORDS];
      if (x < -1 || x >= 1) outside++;
      if (Number.isInteger((x + 1) * 8)) border++;
    }
    expect(outside).toBeGreaterThan(500);
    expect(border).toBeGreaterThan(1000);
  });

  it("the scatter accepts any order within a cell, and shows the first real error", () => {
    const t = taskById("scatter");
    const input = t.input(300, 2);
    const want = t.twin(input) as Uint32Array;
    const reversed = want.slice();
    // the records of each cell in reverse order: still a right answer
    const keys = Array.from({length: 300}, (_, s) => want[s * PARTICLE_WORDS + 5]);
    let s = 0;
    while (s < 300) {
      let e = s;
      while (e < 300 && keys[e] === keys[s]) e++;
      for (let k = 0; k < e - s; k++) reversed.set(want.subarray((e - 1 - k) * PARTICLE_WORDS, (e - k) * PARTICLE_WORDS), (s + k) * PARTICLE_WORDS);
      s = e;
    }
    expect(reversed.join()).not.toBe(want.join());
    expect(compareCase(t, input, reversed)).toMatchObject({passed: true});
    const broken = reversed.slice();
    broken[150 * PARTICLE_WORDS + 4] = 99_999; // one id changed
    const c = compareCase(t, input, broken);
    expect(c.passed).toBe(false);
    // the changed record sorts last in its cell: the first mismatch lies in that cell
    const first = keys.indexOf(keys[150]);
    const last = keys.lastIndexOf(keys[150]);
    expect(c.mismatch!.index).toBeGreaterThanOrEqual(first * PARTICLE_WORDS);
    expect(c.mismatch!.index).toBeLessThan((last + 1) * PARTICLE_WORDS);
  });
});

describe("compare and shape", () => {
  it("a blank editor is only whitespace and comments", () => {
    expect(isBlank(" \n// x\n/* y\n z */ ")).toBe(true);
    expect(isBlank("fn f() {}")).toBe(false);
  });

  it("the first mismatch comes with a window of up to 8 words each side", () => {
    const t = taskById("scan-round");
    const input = t.input(100, 1);
    const want = t.twin(input);
    const got = want.slice();
    got[40] += 1;
    const c = compareCase(t, input, got);
    expect(c.mismatch).toEqual({index: 40, expected: want[40], got: want[40] + 1});
    expect(c.window!.start).toBe(32);
    expect(c.window!.expected).toEqual(Array.from(want.subarray(32, 49)));
    expect(c.window!.got[8]).toBe(want[40] + 1);
  });
});

describe("the loop guard", () => {
  const kernel = `fn f(n: u32) -> u32 {
  var s = 0u;
  for (var i = 0u; i < n; i++) { // a comment with for ( and {
    s += i;
  }
  /* while (x) { */
  while (s > 3u) {
    s -= 1u;
  }
  loop {
    break;
  }
  return s;
}`;

  it("bounds every for, while and loop, and keeps every line where it was", () => {
    const g = guardLoops(kernel, 100)!;
    const lines = g.split("\n");
    const orig = kernel.split("\n");
    for (let k = 0; k < orig.length; k++) expect(lines[k].includes(orig[k].trim().split(" ")[0]), `line ${k + 1}`).toBe(true);
    // each loop its own count, started before it; the function's total over them all
    for (let k = 0; k < 3; k++) {
      expect(g.match(new RegExp(`var loop_pass_${k}: u32 = 0u; `, "g"))!.length).toBe(1);
      expect(g).toContain(`if (loop_pass_${k} > 100u) { loop_guard_hit[0] = 1u; break; }`);
    }
    expect(g.match(/if \(loop_guard > 100u\) \{ loop_guard_hit\[1\] = 1u; break; \}/g)!.length).toBe(3);
    expect(g.match(/var loop_guard: u32 = 0u;/g)!.length).toBe(1);
    expect(lines[2]).toMatch(/^ {2}var loop_pass_0: u32 = 0u; for \(var i = 0u; i < n; i\+\+\) \{ loop_pass_0 = loop_pass_0 \+ 1u;/);
    expect(lines[1]).toBe("  var s = 0u;");
    expect(lines[5]).toBe("  /* while (x) { */");
    expect(g).toMatch(/@group\(1\) @binding\(0\) var<storage, read_write> loop_guard_hit: array<u32>;/);
  });

  it("turns whiles into loops for the interpreter, same lines", () => {
    const g = guardLoops(kernel, 100, true, 1000)!;
    expect(g.split("\n")[6]).toBe(
      "  var loop_pass_1: u32 = 0u; loop { loop_pass_1 = loop_pass_1 + 1u; loop_guard = loop_guard + 1u; if (loop_pass_1 > 100u) { loop_guard_hit[0] = 1u; break; } if (loop_guard > 1000u) { loop_guard_hit[1] = 1u; break; } if (!(s > 3u)) { break; }"
    );
  });

  it("leaves code without loops alone", () => {
    expect(guardLoops("fn f() -> u32 { return 1u; }")).toBeNull();
  });
});

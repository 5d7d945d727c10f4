/**
 * A compute dispatch on the CPU: wgsl_reflect's WGSL interpreter, stepped so that the
 * invocations of a workgroup run side by side and a missing barrier shows as the race it is.
 *
 * wgsl_reflect's own `WgslExec.dispatchWorkgroups` runs each invocation to its end before the
 * next starts, so a kernel that shares `var<workgroup>` memory across a barrier (the scan)
 * gives a wrong answer there even when it is right; and its `detectRaces` steps them in
 * lockstep but checks every pair of accesses of a phase (quadratic: 1.1 s of 1.6 s for a
 * 1,024-thread histogram), keeps no deadline and leaves `var<workgroup>` memory as the
 * previous workgroup left it. This module keeps the library's interpreter, stepper, memory
 * views and barrier rule (`WgslDebug.stepStack`, `TrackedTypedData`, the scheduler of its
 * race_detector.ts, MIT) and replaces the loop around them:
 *   - each workgroup's invocations advance one command at a time, round robin, and park at a
 *     barrier; when all are parked the phase ends and all move on (the library's rule);
 *   - every storage and workgroup word remembers, for the current phase, up to two
 *     invocations that read it, wrote it, or touched it atomically, so a conflicting access is
 *     found in O(1) (the first race is kept);
 *   - workgroup memory is zeroed at the start of each workgroup, as WebGPU guarantees;
 *   - a deadline (wall clock) and a step budget end an endless loop with `timedOut`.
 *   - a function called inside an expression runs to the end of the statement that uses its
 *     value before the next invocation moves (the library keeps that value on the syntax tree);
 * Limits: swizzles count as touching the whole vector; an array index whose expression has a
 * side effect (`a[atomicAdd(&c, 1u)] = …`) is evaluated twice by the library's memory view;
 * `var<private>` is shared by the invocations; `workgroupUniformLoad` is not a barrier here.
 */
import {Call, CallExpr, MemoryTracker, ScalarData, TrackedTypedData, TypedData, Var, VectorData, WgslDebug} from "wgsl_reflect/wgsl_reflect.module.js";
import type {RaceReport} from "./task.js";

/** Bound resources by group then binding: a storage buffer's words, or a uniform's bytes as `{uniform}`. */
export type InterpreterBindings = Record<number, Record<number, ArrayBuffer | {uniform: ArrayBuffer}>>;

interface DispatchOptions {
  /** `performance.now()` value past which the dispatch stops (default: none). */
  deadline?: number;
  /** Most interpreter steps, all workgroups together (default 50 million). */
  maxSteps?: number;
}

/** What a dispatch did; the storage buffers passed in hold its output. */
interface DispatchResult {
  /** The first race seen (two invocations of one workgroup on one word between two barriers, one writing). */
  race: RaceReport | null;
  /** Barrier divergence and interpreter errors, each one sentence; empty when none. */
  errors: string[];
  /** Stopped by the deadline or the step budget. */
  timedOut: boolean;
  /** Interpreter steps taken (commands executed). */
  steps: number;
}

const BARRIERS = new Set(["workgroupBarrier", "storageBarrier", "textureBarrier"]);
const RUNNING = 0;
const AT_BARRIER = 1;
const DONE = 2;

/** The phase's record of one 4-byte word: up to two distinct invocations per kind of access. */
interface Word {
  readers: number[];
  writers: number[];
  atomics: number[];
  readLine: number;
  writeLine: number;
}

/** An invocation of `inv` in `list`, other than `inv`; -1 when none. */
function other(list: number[], inv: number): number {
  for (const x of list) if (x !== inv) return x;
  return -1;
}

function remember(list: number[], inv: number): void {
  if (list.length < 2 && !list.includes(inv)) list.push(inv);
}

/**
 * The library's MemoryTracker with its quadratic phase check replaced by a per-word record:
 * `record` finds a conflict at once and keeps the first. The scheduler sets
 * `currentInvocation` and `currentLine` before each step (as the library's does).
 */
class WordTracker extends MemoryTracker {
  first: Omit<RaceReport, "slot" | "workgroup"> | null = null;
  private words = new Map<string, Map<number, Word>>();

  override record(bufferId: string, offset: number, size: number, kind: "read" | "write", atomic: boolean): void {
    let buf = this.words.get(bufferId);
    if (!buf) this.words.set(bufferId, (buf = new Map()));
    const inv = this.currentInvocation;
    const line = this.currentLine;
    for (let w = offset >> 2; w < (offset + Math.max(size, 4)) >> 2; w++) {
      let word = buf.get(w);
      if (!word) buf.set(w, (word = {readers: [], writers: [], atomics: [], readLine: -1, writeLine: -1}));
      if (!this.first) this.check(bufferId, w, word, inv, line, kind, atomic);
      if (atomic) remember(word.atomics, inv);
      else if (kind === "read") remember(word.readers, inv), (word.readLine = line);
      else remember(word.writers, inv), (word.writeLine = line);
    }
  }

  private check(buffer: string, index: number, word: Word, inv: number, line: number, kind: "read" | "write", atomic: boolean): void {
    if (atomic) {
      const r = other(word.readers, inv);
      if (r >= 0) return void (this.first = {buffer, index, reader: r, writer: inv, readLine: word.readLine, writeLine: line});
      const w = other(word.writers, inv);
      if (w >= 0) this.first = {buffer, index, reader: inv, writer: w, readLine: line, writeLine: word.writeLine, bothWrite: true};
      return;
    }
    const w = other(word.writers, inv);
    const a = other(word.atomics, inv);
    if (kind === "read") {
      if (w >= 0) this.first = {buffer, index, reader: inv, writer: w, readLine: line, writeLine: word.writeLine};
      else if (a >= 0) this.first = {buffer, index, reader: inv, writer: a, readLine: line, writeLine: line};
      return;
    }
    const r = other(word.readers, inv);
    if (r >= 0) this.first = {buffer, index, reader: r, writer: inv, readLine: word.readLine, writeLine: line};
    else if (w >= 0 || a >= 0) this.first = {buffer, index, reader: w >= 0 ? w : a, writer: inv, readLine: word.writeLine, writeLine: line, bothWrite: true};
  }

  override endPhase(): void {
    this.words.clear();
  }
}

/** The ExecStack shape `WgslDebug.stepStack` walks (the library does not export its class). */
class Stack {
  states: any[] = [];
  get isEmpty(): boolean {
    return this.states.length === 0;
  }
  get last(): any {
    return this.states[this.states.length - 1] ?? null;
  }
  pop(): void {
    this.states.pop();
  }
}

interface Invocation {
  index: number;
  stack: Stack;
  state: number;
  barrier: any;
}

/** The top frame with commands left (finished frames popped), as the library's scheduler resolves it. */
function top(stack: Stack): any {
  while (stack.states.length > 0) {
    const s = stack.states[stack.states.length - 1];
    if (!s.isAtEnd) return s;
    stack.states.pop();
  }
  return null;
}

/** `@workgroup_size` of the kernel's function node (numbers or override names), as [x, y, z]. */
function workgroupSize(fnNode: any, context: any): [number, number, number] {
  const wg: [number, number, number] = [1, 1, 1];
  for (const attr of fnNode.attributes ?? []) {
    if (attr.name !== "workgroup_size") continue;
    const vals = Array.isArray(attr.value) ? attr.value : [attr.value];
    for (let i = 0; i < 3 && i < vals.length; i++) {
      const n = Number.parseInt(vals[i], 10);
      if (!Number.isNaN(n)) wg[i] = n;
      else {
        const v = context.getVariableValue(vals[i]);
        if (v instanceof ScalarData) wg[i] = Number(v.value);
      }
    }
  }
  return wg;
}

/** "pingpong[1][5]": the slot of byte `byte` of a variable of type `type`, as WGSL names it. */
function slotName(name: string, type: any, byte: number): string {
  let s = name;
  let t = type;
  let off = byte;
  for (let depth = 0; t && depth < 8; depth++) {
    if (t.isArray && t.stride > 0) {
      const i = Math.floor(off / t.stride);
      s += `[${i}]`;
      off -= i * t.stride;
      t = t.format;
    } else if (t.isStruct && t.members) {
      const m = t.members.find((x: any) => off >= x.offset && off < x.offset + x.size);
      if (!m) break;
      s += `.${m.name}`;
      off -= m.offset;
      t = m.type;
    } else break;
  }
  return s;
}

/** One workgroup's invocations: each its own context (builtins, locals) over the shared module context. */
function makeInvocations(debug: WgslDebug, kernel: any, wg: number[], wid: number[], vec3u: any, u32: any): Invocation[] {
  const base = debug.exec.context;
  const out: Invocation[] = [];
  for (let lz = 0, li = 0; lz < wg[2]; lz++) {
    for (let ly = 0; ly < wg[1]; ly++) {
      for (let lx = 0; lx < wg[0]; lx++, li++) {
        const ctx = base.clone();
        ctx.createVariable("@local_invocation_id", new VectorData([lx, ly, lz], vec3u));
        ctx.createVariable("@global_invocation_id", new VectorData([lx + wid[0] * wg[0], ly + wid[1] * wg[1], lz + wid[2] * wg[2]], vec3u));
        ctx.createVariable("@local_invocation_index", new ScalarData(li, u32));
        for (const arg of kernel.node.args ?? []) {
          for (const attr of arg.attributes ?? []) {
            if (attr.name !== "builtin") continue;
            const g = ctx.getVariable(`@${attr.value}`);
            if (g !== null) ctx.variables.set(arg.name, g);
          }
        }
        const stack = new Stack();
        stack.states.push(debug.createStackFrame(kernel.node.body, ctx));
        out.push({index: li, stack, state: RUNNING, barrier: null});
      }
    }
  }
  return out;
}

/** The module's resources and workgroup variables, found once; `bind` wraps them for one workgroup's tracker. */
function moduleMemory(debug: WgslDebug, kernelName: string, bindings: InterpreterBindings) {
  const exec = debug.exec;
  const refl = exec.reflection.getFunctionInfo(kernelName);
  const bound: {ref: any; data: ArrayBuffer; type: any; uniform: boolean}[] = [];
  const shared: {ref: any; data: ArrayBuffer; type: any}[] = [];
  exec.context.variables.forEach((v: any) => {
    const node = v.node;
    if (!(node instanceof Var)) return;
    if (node.storage === "workgroup" && v.value instanceof TypedData) {
      shared.push({ref: v, data: v.value.buffer, type: v.value.typeInfo});
      return;
    }
    const attr = (n: string) => node.attributes?.find((a: any) => a.name === n)?.value;
    const group = Number(attr("group"));
    const binding = Number(attr("binding"));
    const entry = bindings[group]?.[binding];
    if (entry === undefined || !refl?.resources.some((r: any) => r.name === v.name && r.group === group && r.binding === binding)) return;
    const uniform = !(entry instanceof ArrayBuffer);
    bound.push({ref: v, data: uniform ? entry.uniform : entry, type: exec.getTypeInfo(node.type!), uniform});
  });
  const types = new Map<string, any>([...bound, ...shared].map((b) => [b.ref.name, b.type]));
  return {
    types,
    /** Binds every resource through `tracker` and zeroes the workgroup memory. */
    bind(tracker: MemoryTracker): void {
      for (const b of bound) b.ref.value = b.uniform ? new TypedData(b.data, b.type) : new TrackedTypedData(b.data, b.type, tracker, b.ref.name);
      for (const s of shared) {
        new Uint8Array(s.data).fill(0);
        s.ref.value = new TrackedTypedData(s.data, s.type, tracker, s.ref.name);
      }
    },
  };
}

interface Budget {
  steps: number;
  maxSteps: number;
  deadline: number;
}

/** Whether a frame of the stack runs a function called from inside an expression (its value not yet used). */
function inExpressionCall(stack: Stack): boolean {
  return stack.states.some((f) => f.parentCallExpr !== null && f.parentCallExpr !== undefined);
}

/**
 * Advances one invocation by one command, or, when that command calls a function inside an
 * expression, until the statement that uses the call's value has run: the library keeps a
 * call's value on the shared syntax tree, where the next invocation's call would overwrite it.
 * Returns false when the budget ran out.
 */
function advance(debug: WgslDebug, tracker: WordTracker, inv: Invocation, budget: Budget): boolean {
  let pending = false;
  do {
    const cmd = top(inv.stack)?.getCurrentCommand() ?? null;
    if (cmd === null) {
      inv.state = DONE;
      return true;
    }
    if (cmd.node instanceof Call && BARRIERS.has(cmd.node.name)) {
      inv.state = AT_BARRIER;
      inv.barrier = cmd.node;
      return true;
    }
    const call = cmd.node instanceof CallExpr;
    const outer = !inExpressionCall(inv.stack);
    tracker.currentInvocation = inv.index;
    tracker.currentLine = cmd.line;
    debug.stepStack(inv.stack as any, true);
    if (call) pending = true;
    else if (outer) pending = false;
    if (++budget.steps > budget.maxSteps || ((budget.steps & 1023) === 0 && performance.now() > budget.deadline)) return false;
  } while (pending);
  return true;
}

/**
 * Runs one workgroup to its end (or the budget's): round robin one statement per invocation,
 * parking at barriers; returns false when the budget ran out.
 */
function runWorkgroup(debug: WgslDebug, tracker: WordTracker, invs: Invocation[], budget: Budget, errors: string[]): boolean {
  for (;;) {
    let stepped = false;
    for (const inv of invs) {
      if (inv.state !== RUNNING) continue;
      const before = budget.steps;
      if (!advance(debug, tracker, inv, budget)) return false;
      stepped ||= budget.steps > before;
    }
    if (stepped) continue;
    const parked = invs.filter((i) => i.state === AT_BARRIER);
    tracker.endPhase();
    if (parked.length === 0) return true;
    const done = invs.length - parked.length;
    if (done > 0 && errors.length < 4)
      errors.push(
        `line ${parked[0].barrier.line}: ${done} invocation(s) returned before the barrier that ${parked.length} others wait at (barriers must be reached by every invocation of the workgroup)`
      );
    else if (parked.some((i) => i.barrier !== parked[0].barrier) && errors.length < 4)
      errors.push(
        `invocations wait at different barriers (lines ${parked[0].barrier.line} and ${parked.find((i) => i.barrier !== parked[0].barrier)!.barrier.line})`
      );
    for (const inv of parked) {
      inv.state = RUNNING;
      inv.barrier = null;
      tracker.currentInvocation = inv.index;
      debug.stepStack(inv.stack as any, true);
    }
  }
}

/**
 * Dispatches `kernel` of `code` over `workgroups` (x, y, z) on the CPU with the invocations of
 * each workgroup interleaved; storage buffers in `bindings` are read and written in place.
 * Errors: throws what the parser or the interpreter throws (a syntax error, an unknown
 * identifier, an access past an array's end); the caller turns it into a message.
 */
export function dispatchOnCPU(
  code: string,
  kernel: string,
  workgroups: [number, number, number],
  bindings: InterpreterBindings,
  options: DispatchOptions = {}
): DispatchResult {
  const debug = new WgslDebug(code);
  const exec = debug.exec;
  const context = exec.context;
  exec._execStatements(exec.ast, context);
  const fn = context.getFunction(kernel);
  if (!fn) throw new Error(`no function named ${kernel}`);
  const vec3u = exec.getTypeInfo("vec3u")!;
  const u32 = exec.getTypeInfo("u32")!;
  context.setVariable("@num_workgroups", new VectorData([...workgroups], vec3u));
  const wg = workgroupSize(fn.node, context);
  const wid = new VectorData([0, 0, 0], vec3u);
  context.setVariable("@workgroup_id", wid);
  context.setVariable("@workgroup_size", new VectorData(wg, vec3u));
  const memory = moduleMemory(debug, kernel, bindings);
  const budget: Budget = {steps: 0, maxSteps: options.maxSteps ?? 50_000_000, deadline: options.deadline ?? Number.POSITIVE_INFINITY};
  const errors: string[] = [];
  let race: RaceReport | null = null;
  const [nx, ny, nz] = workgroups;
  for (let z = 0; z < nz; z++) {
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++) {
        wid.data[0] = x;
        wid.data[1] = y;
        wid.data[2] = z;
        const tracker = new WordTracker();
        memory.bind(tracker);
        const invs = makeInvocations(debug, fn, wg, [x, y, z], vec3u, u32);
        const finished = runWorkgroup(debug, tracker, invs, budget, errors);
        if (!race && tracker.first) {
          const f = tracker.first;
          race = {...f, slot: slotName(f.buffer, memory.types.get(f.buffer), f.index * 4), workgroup: x + y * nx + z * nx * ny};
        }
        if (!finished) return {race, errors, timedOut: true, steps: budget.steps};
      }
    }
  }
  return {race, errors, timedOut: false, steps: budget.steps};
}

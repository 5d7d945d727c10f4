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
import type {RaceReport, ThreadTrace, TraceAccess, TraceStep} from "./task.js";

/** Bound resources by group then binding: a storage buffer's words, or a uniform's bytes as `{uniform}`. */
export type InterpreterBindings = Record<number, Record<number, ArrayBuffer | {uniform: ArrayBuffer}>>;

interface DispatchOptions {
  /** `performance.now()` value past which the dispatch stops (default: none). */
  deadline?: number;
  /** Most interpreter steps, all workgroups together (default 50 million). */
  maxSteps?: number;
  /**
   * Follow one thread: its `local_invocation_index` in workgroup `workgroup` (flat index), keeping
   * at most `maxSteps` of its steps (default 2,000). Only that workgroup runs.
   */
  trace?: {thread: number; workgroup: number; maxSteps?: number};
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
  /** The followed thread's steps (with `options.trace`); `size` is left 0 for the caller. */
  trace?: ThreadTrace;
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
  /** The followed thread's `local_invocation_index` (-1: none) and where its current step's accesses go (null: nowhere). */
  traced = -1;
  step: TraceStep | null = null;
  trail: Trail | null = null;
  /** Names a word and reads its value (set by the dispatch when it follows a thread). */
  describe: ((buffer: string, byte: number, size: number) => {slot: string; read(): number | undefined}) | null = null;
  /** The followed thread's accesses of this phase by word ("buffer index"), and the writes whose value its step has yet to read. */
  private mine = new Map<string, TraceAccess>();
  private unsettled: {access: TraceAccess; read(): number | undefined}[] = [];

  override record(bufferId: string, offset: number, size: number, kind: "read" | "write", atomic: boolean): void {
    let buf = this.words.get(bufferId);
    if (!buf) this.words.set(bufferId, (buf = new Map()));
    const inv = this.currentInvocation;
    const line = this.currentLine;
    const access = this.traced >= 0 && inv === this.traced && this.step ? this.follow(bufferId, offset, size, kind, atomic) : null;
    for (let w = offset >> 2; w < (offset + Math.max(size, 4)) >> 2; w++) {
      let word = buf.get(w);
      if (!word) buf.set(w, (word = {readers: [], writers: [], atomics: [], readLine: -1, writeLine: -1}));
      if (!this.first) this.check(bufferId, w, word, inv, line, kind, atomic);
      if (this.traced >= 0) this.raceOfTraced(`${bufferId} ${w}`, word, inv, line, kind, atomic, access);
      if (atomic) remember(word.atomics, inv);
      else if (kind === "read") remember(word.readers, inv), (word.readLine = line);
      else remember(word.writers, inv), (word.writeLine = line);
    }
  }

  /** The followed thread's access, added to its step; a read's value is taken now, a write's after the step (`settle`). */
  private follow(buffer: string, offset: number, size: number, kind: "read" | "write", atomic: boolean): TraceAccess {
    const d = this.describe?.(buffer, offset, size);
    const access: TraceAccess = {kind: atomic ? "atomic" : kind, buffer, index: offset >> 2, slot: d?.slot ?? `${buffer}[${offset >> 2}]`};
    if (d && kind === "read" && !atomic) {
      const v = d.read();
      if (v !== undefined) access.value = v;
    } else if (d) this.unsettled.push({access, read: d.read});
    this.step!.accesses.push(access);
    return access;
  }

  /**
   * A conflict between the followed thread and another on one word of this phase, kept on the
   * followed thread's access: found when either of the two comes second.
   */
  private raceOfTraced(key: string, word: Word, inv: number, line: number, kind: "read" | "write", atomic: boolean, access: TraceAccess | null): void {
    const t = this.traced;
    const writes = atomic || kind === "write";
    if (access) {
      this.mine.set(key, access);
      if (access.race) return;
      const w = other(word.writers, t);
      const a = other(word.atomics, t);
      const r = writes ? other(word.readers, t) : -1;
      if (w >= 0) access.race = {thread: w, line: word.writeLine, kind: "write"};
      else if (a >= 0 && !atomic) access.race = {thread: a, line: word.writeLine, kind: "atomic"};
      else if (r >= 0 && !atomic) access.race = {thread: r, line: word.readLine, kind: "read"};
      return;
    }
    const mine = this.mine.get(key);
    if (!mine || mine.race || inv === t) return;
    const bothAtomic = atomic && mine.kind === "atomic";
    if (!bothAtomic && (writes || mine.kind !== "read")) mine.race = {thread: inv, line, kind: atomic ? "atomic" : kind};
  }

  /** Reads the values the followed thread's step wrote. */
  settle(): void {
    for (const {access, read} of this.unsettled) {
      const v = read();
      if (v !== undefined) access.value = v;
    }
    this.unsettled.length = 0;
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
    this.mine.clear();
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

/**
 * "pingpong[1][5]": the slot of byte `byte` of a variable of type `type`, as WGSL names it, and
 * the type found there (a scalar, `atomic<…>`, or what the walk stopped at).
 */
function slotOf(name: string, type: any, byte: number): {slot: string; leaf: any} {
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
  return {slot: s, leaf: t};
}

/** The scalar kind of a leaf type (`u32`, `i32`, `f32`, or an atomic of one), or null for anything larger. */
function scalarKind(leaf: any): "u32" | "i32" | "f32" | null {
  const name = leaf?.name === "atomic" ? leaf.format?.name : leaf?.name;
  return name === "u32" || name === "i32" || name === "f32" ? name : null;
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
  const data = new Map<string, ArrayBuffer>([...bound, ...shared].map((b) => [b.ref.name, b.data]));
  return {
    types,
    /** The slot at byte `byte` of variable `name` and a reader of its word (undefined unless `size` bytes are one scalar). */
    describe(name: string, byte: number, size: number): {slot: string; read(): number | undefined} {
      const {slot, leaf} = slotOf(name, types.get(name), byte);
      const kind = scalarKind(leaf);
      const buffer = data.get(name);
      const view = buffer && kind && size === 4 && byte + 4 <= buffer.byteLength ? new DataView(buffer) : null;
      const read = () =>
        view === null ? undefined : kind === "f32" ? view.getFloat32(byte, true) : kind === "i32" ? view.getInt32(byte, true) : view.getUint32(byte, true);
      return {slot, read};
    },
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

/** The loop guard's own names (loop-guard.ts): its statements are no step of the reader's. */
const GUARD_NAME = /^loop_(guard|pass_\d+)$/;

/** Whether a command is one the loop guard inserted (its counters, their tests). */
function isGuardCommand(cmd: any): boolean {
  const n = cmd.node ?? cmd.condition;
  const name = n?.name ?? n?.variable?.name ?? n?.left?.name ?? n?.condition?.left?.name;
  return typeof name === "string" && GUARD_NAME.test(name);
}

/** The steps kept of the followed thread. */
interface Trail {
  steps: TraceStep[];
  max: number;
  truncated: boolean;
}

/**
 * The step that command `cmd` of the followed thread makes (a new one, or, for a command with no
 * line of its own, the previous one), or null for the loop guard's commands and past `max`.
 */
function trailStep(trail: Trail, cmd: any, barrier = false): TraceStep | null {
  if (isGuardCommand(cmd)) return null;
  const line = cmd.line as number;
  const last = trail.steps[trail.steps.length - 1];
  if (!(line > 0)) return last ?? null;
  // a line's commands with nothing to show between them (a for's test and increment) are one step
  if (!barrier && last && !last.barrier && last.line === line && last.accesses.length === 0) return last;
  if (trail.steps.length >= trail.max) {
    trail.truncated = true;
    return null;
  }
  const step: TraceStep = barrier ? {line, accesses: [], barrier: true} : {line, accesses: []};
  trail.steps.push(step);
  return step;
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
      if (inv.index === tracker.traced) trailStep(tracker.trail!, cmd, true);
      return true;
    }
    const call = cmd.node instanceof CallExpr;
    const outer = !inExpressionCall(inv.stack);
    tracker.currentInvocation = inv.index;
    tracker.currentLine = cmd.line;
    const followed = inv.index === tracker.traced;
    if (followed) tracker.step = trailStep(tracker.trail!, cmd);
    debug.stepStack(inv.stack as any, true);
    if (followed) tracker.settle();
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
  const follow = options.trace;
  const trail: Trail = {steps: [], max: follow?.maxSteps ?? 2000, truncated: false};
  const traceOf = (finished: boolean): ThreadTrace | undefined =>
    follow && {
      thread: follow.thread,
      workgroup: follow.workgroup,
      workgroupSize: wg[0] * wg[1] * wg[2],
      size: 0,
      steps: trail.steps,
      truncated: trail.truncated || !finished,
      race,
    };
  for (let z = 0; z < nz; z++) {
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++) {
        const flat = x + y * nx + z * nx * ny;
        if (follow && flat !== follow.workgroup) continue;
        wid.data[0] = x;
        wid.data[1] = y;
        wid.data[2] = z;
        const tracker = new WordTracker();
        if (follow) {
          tracker.traced = follow.thread;
          tracker.trail = trail;
          tracker.describe = memory.describe;
        }
        memory.bind(tracker);
        const invs = makeInvocations(debug, fn, wg, [x, y, z], vec3u, u32);
        const finished = runWorkgroup(debug, tracker, invs, budget, errors);
        if (!race && tracker.first) {
          const f = tracker.first;
          race = {...f, slot: slotOf(f.buffer, memory.types.get(f.buffer), f.index * 4).slot, workgroup: flat};
        }
        if (!finished) return {race, errors, timedOut: true, steps: budget.steps, trace: traceOf(false)};
      }
    }
  }
  return {race, errors, timedOut: false, steps: budget.steps, trace: traceOf(true)};
}

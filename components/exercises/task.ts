/**
 * The exercises' contract: a task a reader solves by writing one WGSL kernel, and what a check
 * of their code returns. Node-safe (no DOM, no GPU): the task list, the checkers and the tests
 * all read it.
 *
 * A task's WGSL lives once, in shaders/exercises/<id>/: `starter.wgsl` (compiles and runs, gives
 * the wrong answer), `solution.wgsl` (the reference, shown behind a reveal) and, where the task
 * has one, `race.wgsl` (a classic wrong answer the interpreter can show as a race, e.g. the scan
 * without its barrier). The reader's code replaces the starter; the harness around it (bindings,
 * dispatch size, uniforms) is the task's, so a reader writes only the kernel's body.
 */

/** One storage or uniform binding of the task's kernel, in `@group(0)`. */
export interface TaskBinding {
  binding: number;
  /** The variable's name in the starter, shown when the reader's code binds something else. */
  name: string;
  kind: "storage-read" | "storage-read-write" | "uniform";
}

/** The arrays a task's kernel reads and the uniforms it needs, for one input size. */
export interface TaskInput {
  /** The input size (particles, cells or elements) this case runs at. */
  size: number;
  /** Each binding's initial contents (u32 or f32 words), by binding number. */
  buffers: Record<number, Uint32Array | Float32Array>;
  /** Workgroups to dispatch (x, y, z). */
  workgroups: [number, number, number];
}

/** One task: what the reader is asked to write and how their answer is checked. */
export interface Task {
  /** Stable id, kebab-case: the folder under shaders/exercises/, the localStorage key, `.value.task`. */
  id: string;
  title: string;
  /** The essay section the task belongs to (its heading's id on the first page). */
  anchor: string;
  /** One or two sentences: what the kernel must do. */
  goal: string;
  /** What the answer must hold (e.g. "every key counted once", "works for any n, not only multiples of 256"). */
  requirements: string[];
  /** From a nudge to the answer, in order. */
  hints: string[];
  /** The same idea elsewhere (CUB, rocPRIM, Metal, WGSL subgroups…), one short paragraph with links. */
  elsewhere: string;
  /** The kernel's entry point, `@compute` in the starter. */
  entryPoint: string;
  bindings: TaskBinding[];
  /** Which binding holds the answer compared against the twin. */
  output: number;
  /** Input sizes the check runs on the GPU (edges included: 1, 255, 256, 257, 10000, one not a multiple of the workgroup). */
  sizes: number[];
  /** Smaller sizes for the CPU interpreter, which is ~1000× slower. */
  interpreterSizes: number[];
  /** A seeded random input of the given size. */
  input(size: number, seed: number): TaskInput;
  /** The CPU twin: the expected contents of the output binding for that input. */
  twin(input: TaskInput): Uint32Array | Float32Array;
  /**
   * Whether `got` is an answer for `input` (default: equal to the twin word for word). A task
   * whose right answers are many (the scatter's order within a cell) supplies its own check.
   */
  accepts?(input: TaskInput, got: Uint32Array | Float32Array): boolean;
  /**
   * `got` rearranged into the twin's order where the task leaves the order free (the scatter's
   * order within a cell), so that the first mismatch the check shows is a real error and not a
   * legal reordering. Only read for display, never for pass/fail (that is `accepts`).
   */
  canonical?(input: TaskInput, got: Uint32Array | Float32Array): Uint32Array | Float32Array;
  /** The live widget the reader's passing kernel drives, and which of its kernels it replaces (e.g. counting-sort's "count"). */
  drives?: {widget: string; kernel: string};
}

/** A compilation message at its place in the reader's code (1-based line and column; column 0: the compiler gave none). */
export interface CompileMessage {
  type: "error" | "warning" | "info";
  message: string;
  line: number;
  column: number;
}

/** The first word where the reader's output and the twin's differ. */
interface Mismatch {
  index: number;
  expected: number;
  got: number;
}

/** One size's outcome. */
export interface CaseResult {
  size: number;
  passed: boolean;
  mismatch?: Mismatch;
  /** The arrays around the mismatch (or the first words), for the d3 view: expected and got, same window. */
  window?: {start: number; expected: number[]; got: number[]};
}

/** Where a check ran: the reader's GPU (a device of the exercises' own) or the CPU interpreter. */
export type CheckEngine = "gpu" | "interpreter";

/** What checking a reader's code returns; never throws for anything the reader wrote. */
export interface CheckResult {
  engine: CheckEngine;
  /** Compiled and every case passed. */
  passed: boolean;
  /** Compilation messages (errors stop the check before any case runs). */
  messages: CompileMessage[];
  cases: CaseResult[];
  /**
   * A problem that is not a wrong answer, in one sentence for the reader: an empty editor, a
   * missing or renamed entry point, bindings that differ from the task's, a kernel that ran past
   * its time (infinite loop) or lost the device.
   */
  problem?: string;
  /** Where the interpreter saw a race (a read of a slot another invocation of the workgroup writes without a barrier between). */
  race?: RaceReport;
}

/**
 * A race the interpreter saw: two invocations of one workgroup touched the same word with no
 * barrier between them, at least one of them writing. `reader` and `writer` are
 * `local_invocation_index` values; `index` is the word's index in the variable, counted flat.
 */
export interface RaceReport {
  /** The variable's name in the reader's code (`var<workgroup>` or a storage binding). */
  buffer: string;
  index: number;
  reader: number;
  writer: number;
  /** The slot as the code names it, e.g. "pingpong[1][5]". */
  slot?: string;
  /** 1-based lines of the two accesses in the reader's code. */
  readLine?: number;
  writeLine?: number;
  /** Both accesses were writes (then `reader` is the other writer). */
  bothWrite?: boolean;
  /** The workgroup's index (x + y·nx + z·nx·ny). */
  workgroup?: number;
}

/** The `.value` of an exercise widget (element, iframe, page cell). */
export interface ExerciseValue {
  task: string;
  passed: boolean;
  attempts: number;
  engine: CheckEngine | "pending";
}

/**
 * One read or write of a `var<storage>` or `var<workgroup>` variable by the thread a trace
 * follows (`ThreadTrace`).
 */
export interface TraceAccess {
  kind: "read" | "write" | "atomic";
  /** The variable's name in the reader's code. */
  buffer: string;
  /** The first word's index in the variable, counted flat. */
  index: number;
  /** The slot as the code names it, e.g. "tile[1][5]". */
  slot: string;
  /** The word read (before the step) or written (after it); absent for a struct or vector. */
  value?: number;
  /**
   * Another thread of the workgroup touched the same word between the same two barriers, one of
   * the two writing: its `local_invocation_index`, its line, and what it did there.
   */
  race?: {thread: number; line: number; kind: "read" | "write" | "atomic"};
}

/** One command the followed thread ran, at its line, or a barrier it reached. */
export interface TraceStep {
  /** 1-based line in the reader's code. */
  line: number;
  accesses: TraceAccess[];
  /** The thread waits here at a `workgroupBarrier()` (or `storageBarrier()`) for the others. */
  barrier?: boolean;
}

/** What one thread of one workgroup did, step by step, on the CPU interpreter. */
export interface ThreadTrace {
  /** Its `local_invocation_index`. */
  thread: number;
  /** The workgroup's index (x + y·nx + z·nx·ny). */
  workgroup: number;
  /** Threads in a workgroup (the kernel's `@workgroup_size`, all three multiplied). */
  workgroupSize: number;
  /** The input size the dispatch ran at. */
  size: number;
  steps: TraceStep[];
  /** The thread had more steps than the trace keeps (or the run stopped first). */
  truncated: boolean;
  /** The first race of the workgroup, whichever threads it involves. */
  race: RaceReport | null;
  /** Why the trace could not run (a syntax error, a shape problem, an interpreter error), else absent. */
  problem?: string;
}

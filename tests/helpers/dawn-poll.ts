/**
 * Vitest setup (vitest.config.ts `setupFiles`): Dawn's Node binding (npm `webgpu`, dawn.node) waits
 * on the GPU by polling. While any of its promises is pending (a `mapAsync`, an
 * `onSubmittedWorkDone`, a pipeline compiling) it calls `setImmediate` with a native callback that
 * processes the instance's events and schedules itself again: the main thread spins for the whole
 * wait. On a 2-core machine running the kernels on SwiftShader, that spin takes a core from the
 * emulated GPU it is waiting for. Here a native callback given to `setImmediate` runs after a
 * 1 ms timer instead, so a wait polls at most about once a millisecond; callbacks written in JS
 * (vitest's, jsdom's, the tests') keep `setImmediate` as it is. Tests only: the benchmarks
 * (bench/, `.device/run`) keep Dawn's own polling, whose latency they measure through.
 */
const immediate = globalThis.setImmediate;
const clearImmediateOriginal = globalThis.clearImmediate;
const source = Function.prototype.toString;
const polls = new WeakSet<object>();

/** true for a function with no JS source: one made by native code, like dawn.node's poll. */
const isNative = (fn: unknown) => typeof fn === "function" && source.call(fn).endsWith("{ [native code] }") && !fn.name;

globalThis.setImmediate = Object.assign(
  (fn: (...args: unknown[]) => void, ...args: unknown[]) => {
    if (!isNative(fn)) return immediate(fn, ...args);
    const t = setTimeout(fn, 1, ...args);
    polls.add(t);
    return t as unknown as NodeJS.Immediate;
  },
  {__promisify__: immediate.__promisify__}
) as typeof setImmediate;
globalThis.clearImmediate = ((handle: NodeJS.Immediate | undefined) => {
  if (handle && polls.has(handle)) clearTimeout(handle as unknown as NodeJS.Timeout);
  else clearImmediateOriginal(handle);
}) as typeof clearImmediate;

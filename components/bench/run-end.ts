/**
 * How a benchmark run that threw ends on the bench page: its state, the status line and the
 * progress text. A lost device comes first (every error of a run on a lost device is the
 * loss's); then a cancel, then a kernel that disagreed with its twin, then anything else.
 *
 * A loss can reject the reads in flight before `device.lost` settles (seen on SwiftShader with
 * the machine busy), so an error that is not the run's own (a cancel, a twin mismatch) waits up
 * to `LOSS_GRACE_MS` for the device to report lost before it counts as the benchmark's failure.
 */
import {BenchCancelled, TwinMismatchError} from "./harness.js";

/** The page's states after a run (a subset of `BenchState` in page.ts). */
type RunEndState = "lost" | "cancelled" | "refused" | "error";

/** What the page shows when a run ends with an error. */
interface RunEnd {
  state: RunEndState;
  /** The status line's kind. */
  kind: "info" | "warn" | "error";
  text: string;
  /** The progress text, when it changes. */
  progress?: string;
}

/** The part of a `GPUHandle` (components/gpu/context.ts) this reads: is the device lost, and its loss. */
export interface LossSource {
  isLost(): boolean;
  device: {lost: Promise<GPUDeviceLostInfo>};
}

/** How long an error waits for the device to report a loss before it counts as the benchmark's own, ms. */
const LOSS_GRACE_MS = 3000;

/** The line after a device loss stopped a run (`why`: the browser's message). */
const lostMessage = (why: string) => `The GPU device was lost (${why.replace(/\.$/, "")}), so the run stopped. Press Run to measure again on a new device.`;

/** The device's loss info if it is lost or reports lost within `graceMs`, else null. */
export async function lostSoon(handle: LossSource, graceMs = LOSS_GRACE_MS): Promise<GPUDeviceLostInfo | null> {
  if (handle.isLost()) return handle.device.lost;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<null>((r) => (timer = setTimeout(() => r(null), graceMs)));
  try {
    return await Promise.race([handle.device.lost, grace]);
  } finally {
    clearTimeout(timer);
  }
}

/** The ending for error `e`, with the loss seen during the run (or null). */
export function runEnd(e: unknown, lost: GPUDeviceLostInfo | null): RunEnd {
  if (lost) return {state: "lost", kind: "warn", text: lostMessage(lost.message || lost.reason || "no reason given"), progress: "stopped: device lost"};
  if (e instanceof BenchCancelled) return {state: "cancelled", kind: "info", text: "Cancelled.", progress: "cancelled"};
  if (e instanceof TwinMismatchError) return {state: "refused", kind: "error", text: e.message};
  return {state: "error", kind: "error", text: `The benchmark failed: ${(e as Error).message}`};
}

/**
 * The ending of a run that threw `e` on `handle`'s device, `lost` the loss its listener saw (or
 * null). A cancel or a twin mismatch never waits: it is the run's own unless the device is lost
 * already. Any other error waits up to `graceMs` for a loss (`lostSoon`).
 */
export async function endOfRun(e: unknown, lost: GPUDeviceLostInfo | null, handle: LossSource, graceMs = LOSS_GRACE_MS): Promise<RunEnd> {
  if (lost) return runEnd(e, lost);
  const own = e instanceof BenchCancelled || e instanceof TwinMismatchError;
  if (own) return runEnd(e, handle.isLost() ? await handle.device.lost : null);
  return runEnd(e, await lostSoon(handle, graceMs));
}

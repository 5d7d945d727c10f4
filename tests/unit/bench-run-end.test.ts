// How a bench-page run that threw ends (components/bench/run-end.ts), with fake devices: an
// error followed by the device's loss within the grace period is the loss's; a cancel and a
// twin mismatch never wait for one; an error with no loss is the benchmark's own.
import {describe, expect, it} from "vitest";
import {BenchCancelled, TwinMismatchError} from "../../components/bench/harness.js";
import {endOfRun, lostSoon, runEnd, type LossSource} from "../../components/bench/run-end.js";

const info = (message: string) => ({message, reason: "unknown"}) as GPUDeviceLostInfo;

/** A device that is lost after `afterMs` (never when undefined); `isLost` follows. */
function device(afterMs?: number): LossSource & {lose(): void} {
  let lostNow = false;
  let resolve!: (i: GPUDeviceLostInfo) => void;
  const lost = new Promise<GPUDeviceLostInfo>((r) => (resolve = r));
  const lose = () => {
    lostNow = true;
    resolve(info("destroyed by the test"));
  };
  if (afterMs !== undefined) setTimeout(lose, afterMs);
  return {isLost: () => lostNow, device: {lost}, lose};
}

const mismatch = () =>
  new TwinMismatchError("sort", 1000, {ok: false, particles: 1000, capped: false, what: "slots", worst: 3, tolerance: 0, detail: "slot 7"} as any);

describe("the end of a bench run that threw", () => {
  it("an error, then the device reports lost within the grace period: lost, with the browser's message", async () => {
    const end = await endOfRun(new Error("mapAsync failed"), null, device(20), 2_000);
    expect(end).toMatchObject({state: "lost", kind: "warn", progress: "stopped: device lost"});
    expect(end.text).toContain("The GPU device was lost (destroyed by the test), so the run stopped");
  });

  it("an error and no loss within the grace period: the benchmark's own failure", async () => {
    const end = await endOfRun(new Error("mapAsync failed"), null, device(), 30);
    expect(end).toEqual({state: "error", kind: "error", text: "The benchmark failed: mapAsync failed"});
  });

  it("a loss the run's listener saw comes first, whatever the error", async () => {
    expect((await endOfRun(new BenchCancelled(), info("gone"), device())).state).toBe("lost");
    expect((await endOfRun(mismatch(), info("gone"), device())).state).toBe("lost");
  });

  it("a cancel or a twin mismatch does not wait for a loss (a never-lost device answers at once)", async () => {
    const never = device();
    // a grace far beyond the test's time limit (120 s): waiting at all would fail the test
    expect((await endOfRun(new BenchCancelled(), null, never, 10 ** 9)).state).toBe("cancelled");
    const refused = await endOfRun(mismatch(), null, never, 10 ** 9);
    expect(refused.state).toBe("refused");
    expect(refused.text).toContain("disagrees with its CPU twin");
  });

  it("a cancel on a device already lost is the loss's", async () => {
    const d = device();
    d.lose();
    expect((await endOfRun(new BenchCancelled(), null, d)).state).toBe("lost");
  });

  it("lostSoon: the loss of a lost device at once, null once the grace has passed", async () => {
    const d = device();
    d.lose();
    expect((await lostSoon(d, 10 ** 9))?.message).toBe("destroyed by the test");
    expect(await lostSoon(device(), 10)).toBeNull();
  });

  it("runEnd names a loss without a message by its reason", () => {
    expect(runEnd(null, {message: "", reason: "destroyed"} as GPUDeviceLostInfo).text).toContain("(destroyed)");
  });
});

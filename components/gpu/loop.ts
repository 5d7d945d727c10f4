/**
 * A frame loop that runs only while its element is on screen and the tab is shown.
 * `dt` (seconds) is clamped to `maxDt`, and the clock restarts after a pause, so a hidden
 * tab or a slow frame never produces a huge step.
 */
export interface FrameLoop {
  /** Stops for good (idempotent). */
  stop(): void;
  /** true while frames are being requested. */
  readonly running: boolean;
  /** Pauses/resumes on demand, independently of visibility (e.g. a pause button). */
  setPaused(paused: boolean): void;
}

interface FrameLoopOptions {
  /** Largest dt handed to `step`, seconds (default 1/30). */
  maxDt?: number;
  /** Stop when this resolves (Framework's `invalidation`). */
  invalidation?: Promise<unknown>;
  /** Called with true/false when the loop starts/stops running. */
  onRunningChange?: (running: boolean) => void;
  /**
   * Called when `step` throws (the loop then stops). Default: log it. The widget runtime
   * passes one that says so in the widget's status line (or hands over to the CPU engine),
   * so a widget never freezes silently.
   */
  onError?: (error: unknown) => void;
}

/** Starts a loop calling `step(dt, now)` once per animation frame while `element` is visible. */
export function frameLoop(element: Element, step: (dt: number, now: number) => void, options: FrameLoopOptions = {}): FrameLoop {
  const maxDt = options.maxDt ?? 1 / 30;
  let visible = false;
  let paused = false;
  let stopped = false;
  let raf = 0;
  let last = -1;

  const shouldRun = () => !stopped && !paused && visible && !document.hidden;
  const frame = (now: number) => {
    raf = 0;
    if (!shouldRun()) return update();
    const dt = last < 0 ? 1 / 60 : Math.min(maxDt, Math.max(0, (now - last) / 1000));
    last = now;
    try {
      step(dt, now);
    } catch (e) {
      loop.stop();
      (options.onError ?? console.error)(e);
      return;
    }
    if (shouldRun()) raf = requestAnimationFrame(frame);
    else update();
  };
  let wasRunning = false;
  function update() {
    const run = shouldRun();
    if (run && !raf) {
      last = -1;
      raf = requestAnimationFrame(frame);
    } else if (!run && raf) {
      cancelAnimationFrame(raf);
      raf = 0;
    }
    if (run !== wasRunning) {
      wasRunning = run;
      options.onRunningChange?.(run);
    }
  }

  const io = new IntersectionObserver((entries) => {
    visible = entries[entries.length - 1].isIntersecting;
    update();
  });
  io.observe(element);
  const onVis = () => update();
  document.addEventListener("visibilitychange", onVis);

  const loop: FrameLoop = {
    stop() {
      if (stopped) return;
      stopped = true;
      io.disconnect();
      document.removeEventListener("visibilitychange", onVis);
      update();
    },
    get running() {
      return wasRunning;
    },
    setPaused(p: boolean) {
      paused = p;
      update();
    },
  };
  options.invalidation?.then(() => loop.stop());
  return loop;
}

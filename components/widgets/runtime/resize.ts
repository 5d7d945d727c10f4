/**
 * A ResizeObserver whose callback runs in the next animation frame, once per frame however
 * many notifications arrive. A widget that lays itself out again when its box changes
 * usually changes that box (a canvas or drawing sized to the width sets the height): done
 * inside the observer's callback, the browser cannot deliver the new size in the same frame
 * and reports "ResizeObserver loop completed with undelivered notifications" as a window
 * error, which a host page's error tracker records. One frame later is invisible to a reader.
 *
 * `observeResize(targets, cb) → stop`: `stop()` disconnects and cancels a pending frame.
 * Without ResizeObserver (old engines, Node) it observes nothing and `stop` does nothing.
 */
export function observeResize(targets: Element[], cb: () => void): () => void {
  if (typeof ResizeObserver !== "function") return () => {};
  let frame = 0;
  const ro = new ResizeObserver(() => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      cb();
    });
  });
  for (const t of targets) ro.observe(t);
  return () => {
    ro.disconnect();
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
  };
}

/**
 * Lazy start: a widget allocates nothing on the GPU until it first comes within about one
 * screen of the viewport. Far below the fold it is only DOM.
 */

/** How far outside the viewport a widget counts as "near": one viewport height above and below. */
export const NEAR_MARGIN = "100% 0px 100% 0px";

/**
 * Calls `onNear` once, the first time `element` comes within one screen of the viewport
 * (IntersectionObserver with a 100 % root margin). Returns a cancel function. Without
 * IntersectionObserver (very old browsers, Node) `onNear` runs on the next microtask.
 */
export function whenNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    let cancelled = false;
    queueMicrotask(() => cancelled || onNear());
    return () => (cancelled = true);
  }
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      onNear();
    },
    {rootMargin: NEAR_MARGIN}
  );
  io.observe(element);
  return () => io.disconnect();
}

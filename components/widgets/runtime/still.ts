/**
 * Print stills: when the page is printed, a canvas's current picture is copied into a 2D
 * `<canvas class="print-still">` beside it (the print stylesheet shows the copy and hides
 * the live canvas); after printing the copy goes away.
 *
 * Why a copy: a printed WebGPU canvas is blank, because its texture is only readable in
 * the task that rendered it, and printing lays the page out later. So the picture is drawn
 * again (`draw`) and copied (`drawImage`) in the same task. A 2D canvas is copied the same
 * way (drawing again is harmless). *Rejected*: an `<img>` from `toDataURL` (seen: `page.pdf()`
 * prints right after `beforeprint`, before a data URL image has decoded, so the image was
 * missing from the PDF); reading the texture back through a buffer (asynchronous:
 * `beforeprint` does not wait for it).
 *
 * Two signals start it: `beforeprint` (the print dialog, `page.pdf()`) and a change of
 * `matchMedia("print")` (print emulation, which fires no `beforeprint`).
 */

interface PrintListener {
  before(): void;
  after(): void;
}
const listeners = new Set<PrintListener>();
let printing = false;
// one MediaQueryList for the page, held here. Seen in Chromium: with one list per widget,
// held only by its listener's closure, print emulation reached no widget (the lists are
// presumably garbage-collected with their listeners)
let printQuery: MediaQueryList | null = null;

function startPrint() {
  if (printing) return;
  printing = true;
  for (const l of listeners) l.before();
}
function endPrint() {
  if (!printing) return;
  printing = false;
  for (const l of listeners) l.after();
}

/** Calls `before` when printing starts and `after` when it ends (each once per print); returns the unsubscribe function. */
export function onPrint(before: () => void, after: () => void): () => void {
  if (typeof window === "undefined" || typeof matchMedia !== "function") return () => {};
  if (!printQuery) {
    const mq = (printQuery = matchMedia("print"));
    window.addEventListener("beforeprint", startPrint);
    window.addEventListener("afterprint", endPrint);
    mq.addEventListener?.("change", () => (mq.matches ? startPrint() : endPrint()));
  }
  const l = {before, after};
  listeners.add(l);
  return () => {
    if (listeners.delete(l) && printing) after();
  };
}

/**
 * Prints `stage`'s canvas as a still image. `draw()` draws the current state on the
 * canvas and returns false when there is nothing to draw yet (the widget has not started):
 * the stage then prints a line saying where the simulation is, never an empty box.
 */
export function printStill(stage: {element: HTMLElement; readonly canvas: HTMLCanvasElement}, draw: () => boolean): () => void {
  let still: HTMLElement | null = null;
  const before = () => {
    const c = stage.canvas;
    let copy: HTMLCanvasElement | null = null;
    try {
      if (draw() && c.width > 0 && c.height > 0) {
        copy = document.createElement("canvas");
        copy.width = c.width;
        copy.height = c.height;
        copy.getContext("2d")!.drawImage(c, 0, 0);
        copy.style.cssText = `display: block; width: ${c.style.width}; max-width: 100%; height: auto; margin: 0 auto;`;
        copy.setAttribute("aria-hidden", "true"); // the live canvas beside it carries the name
      }
    } catch (err) {
      console.warn("print still:", err);
      copy = null;
    }
    if (copy) still = copy;
    else {
      still = document.createElement("p");
      still.textContent = "The live simulation appears here when the page is read on screen.";
    }
    still.classList.add("print-still");
    stage.element.append(still);
  };
  const after = () => {
    still?.remove();
    still = null;
  };
  return onPrint(before, after);
}

/**
 * A widget's first picture, before any engine runs: its initial state drawn on a 2D canvas laid
 * over the stage's canvas. Why: an engine's first frame waits for the GPU device, and the GPU
 * engine's for its pipelines (seconds on a CPU-emulated adapter), or for the CPU twin's module and
 * state; the stage must not sit empty meanwhile. The stage's own canvas cannot take a 2D context
 * if it will get a WebGPU one, hence a canvas of its own. The widget calls `hide()` once its
 * engine has drawn its own first frame.
 */
import type {CanvasStage} from "./canvas.js";

/** What a poster's painter draws on: the poster canvas, its 2D context, the stage's CSS size. */
type PosterTarget = Pick<CanvasStage, "context2d" | "canvas" | "size">;

/**
 * Lays a poster canvas over `stage`'s canvas (same box, same backing size) and paints it with
 * `paint` now, on the next animation frame and on every resize of the stage, until `hide()`
 * removes it. Nothing is drawn while the stage has no size.
 */
export function stagePoster(stage: CanvasStage, paint: (target: PosterTarget) => void): {element: HTMLCanvasElement; hide(): void} {
  const poster = document.createElement("canvas");
  poster.className = "stage-poster";
  poster.setAttribute("aria-hidden", "true");
  poster.style.cssText = "position: absolute; pointer-events: none;";
  stage.element.append(poster);
  let ctx: CanvasRenderingContext2D | null = null;
  let hidden = false;
  const draw = () => {
    if (hidden || !stage.hasSize) return;
    const c = stage.canvas;
    poster.style.left = `${c.offsetLeft}px`;
    poster.style.top = `${c.offsetTop}px`;
    poster.style.width = c.style.width;
    poster.style.height = c.style.height;
    poster.width = c.width;
    poster.height = c.height;
    ctx ??= poster.getContext("2d");
    if (!ctx) return;
    paint({canvas: poster, size: stage.size, context2d: () => ctx as CanvasRenderingContext2D});
  };
  stage.onResize(draw);
  requestAnimationFrame(draw);
  draw();
  return {
    element: poster,
    hide() {
      hidden = true;
      poster.remove();
    },
  };
}

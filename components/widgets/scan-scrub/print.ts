/**
 * The scroll story on paper: a printed page cannot scroll, so each step card gets its own
 * copy of the diagram at that phase's rest point (fully drawn), with its caption, and the
 * print stylesheet shows the steps one after another without the sticky stage or the
 * faded cards. The copies are made when printing starts and removed when it ends.
 */
import type {PhaseInfo, PlainSnapshots, TeachingParticle} from "../../sort/teaching.js";
import type {TeachingDiagram} from "../shared/diagram/sort.js";
import {onPrint} from "../runtime/still.js";
import {restProgress} from "../shared/scroll/progress.js";
import {captionOf, sceneAt} from "./model.js";

interface PrintableSet {
  data: PlainSnapshots;
  particles: TeachingParticle[];
}

/**
 * While printing, each of `stepEls` (one per phase) holds a `figure.scrub-print` with the
 * diagram of its phase; `root` gets the class `print-steps` (none is made before the
 * first set is sorted: the cards then print as text). `restore()` redraws the live
 * diagram at the reader's scroll position afterwards. Returns the unsubscribe function.
 */
export function printSteps(
  root: HTMLElement,
  parts: {diagram: TeachingDiagram; phases: PhaseInfo[]; stepEls: HTMLElement[]},
  current: () => PrintableSet | null,
  restore: () => void
): () => void {
  const {diagram, phases, stepEls} = parts;
  let figures: HTMLElement[] = [];
  const before = () => {
    const set = current();
    if (!set) return;
    figures = phases.map((_, k) => {
      // reduced motion: the scene at rest, with nothing half-way through a move
      const scene = sceneAt(restProgress(k, phases.length), set.data, phases, true);
      diagram.update(scene, {data: set.data, particles: set.particles});
      const fig = document.createElement("figure");
      fig.className = "scrub-print";
      const svg = diagram.svg.cloneNode(true) as SVGSVGElement;
      svg.setAttribute("aria-hidden", "true");
      const cap = document.createElement("figcaption");
      cap.textContent = captionOf(scene, set.data);
      fig.append(svg, cap);
      stepEls[k].append(fig);
      return fig;
    });
    root.classList.add("print-steps");
    restore();
  };
  const after = () => {
    for (const f of figures) f.remove();
    figures = [];
    root.classList.remove("print-steps");
  };
  return onPrint(before, after);
}

/**
 * The scrolly of a scroll-driven widget (the scroll-scrubbed counting sort, the Worlds from Dust
 * story): a sticky stage (progress bar, phase label, diagram, caption, controls, status) beside —
 * or, on narrow screens, above — one text card per phase. Scroll progress through it picks the
 * phase; this module owns that geometry (progress ↔ document scroll position) and the stepping
 * from phase to phase. Its classes (`scrub-*`) are styled under the widget's root class
 * `scan-scrub` (components/widgets/runtime/widgets.css).
 */
import {restProgress} from "./progress.js";

const WIDE = 720; // px of widget width from which text and stage sit side by side

export interface Scrolly {
  /** The grid of stage and step cards (its scroll span defines progress). */
  element: HTMLDivElement;
  stage: HTMLDivElement;
  progressBar: HTMLDivElement;
  /** The fill of each phase's progress segment. */
  segments: HTMLElement[];
  phaseLabel: HTMLDivElement;
  caption: HTMLParagraphElement;
  stepEls: HTMLElement[];
  /** Sizes the step panels for the viewport and the stage (cheap when nothing changed). */
  layout(): void;
  /** Scroll progress through the widget: 0 when its top reaches the viewport top, 1 at its end. */
  progress(): number;
  /** Document scrollY at which the widget shows progress p. */
  scrollYFor(p: number): number;
}

/** A phase of the scroll: its id goes on its step card (`data-phase`). */
interface ScrollPhase {
  id: string;
}

/**
 * The stage holds the progress bar, the phase label, `diagram` and the caption; the widget
 * appends its controls and status line after them. `label`: the stage's accessible name.
 */
export function createScrolly(root: HTMLElement, phases: readonly ScrollPhase[], stepTexts: string[], diagram: SVGSVGElement, label: string): Scrolly {
  const element = document.createElement("div");
  element.className = "scrub-scrolly";
  const stage = document.createElement("div");
  stage.className = "scrub-stage";
  stage.tabIndex = 0;
  stage.setAttribute("role", "group");
  stage.setAttribute("aria-label", label);
  const progressBar = document.createElement("div");
  progressBar.className = "scrub-progress";
  progressBar.setAttribute("role", "progressbar");
  progressBar.setAttribute("aria-label", "Progress through the phases");
  progressBar.setAttribute("aria-valuemin", "0");
  progressBar.setAttribute("aria-valuemax", "100");
  const segments = phases.map(() => {
    const span = document.createElement("span");
    const fill = document.createElement("i");
    span.appendChild(fill);
    progressBar.appendChild(span);
    return fill;
  });
  const phaseLabel = document.createElement("div");
  phaseLabel.className = "scrub-phase";
  phaseLabel.setAttribute("aria-live", "polite"); // announced once per phase, not per scroll frame
  const caption = document.createElement("p");
  caption.className = "caption";
  stage.append(progressBar, phaseLabel, diagram, caption);

  const stepsCol = document.createElement("div");
  stepsCol.className = "scrub-steps";
  const stepEls = stepTexts.map((html, k) => {
    const sec = document.createElement("section");
    sec.className = "scrub-step";
    sec.dataset.phase = phases[k].id;
    const card = document.createElement("div");
    card.className = "scrub-card";
    card.innerHTML = html;
    sec.appendChild(card);
    stepsCol.appendChild(sec);
    return sec;
  });
  element.append(stage, stepsCol);

  // the scroll span is one panel of P px per phase plus one viewport; progress = scrolled / (phases · P)
  let lastLayout = "";
  const layout = () => {
    const vh = window.innerHeight || 800;
    const width = root.clientWidth;
    const wide = width >= WIDE;
    root.classList.toggle("wide", wide);
    const S = stage.offsetHeight;
    const key = `${vh}|${width}|${S}`;
    if (key === lastLayout) return;
    lastLayout = key;
    // wide: the stage is centred and the text scrolls beside it; narrow: the text scrolls
    // under the stage and moves 0.75 of the free height per phase, so the current card is
    // still fully in view at the phase's rest point
    const free = Math.max(vh - S, vh * 0.35);
    const stageTop = wide ? Math.max(0, Math.round((vh - S) / 2)) : 0;
    const y0 = wide ? 0 : S;
    const P = wide ? Math.round(vh * 0.8) : Math.round(free * 0.75);
    const pad = wide ? Math.round(vh / 2) : Math.round(free / 2);
    stage.style.top = `${stageTop}px`;
    // panel k's centre passes the middle of the free area halfway through phase k
    stepsCol.style.paddingTop = `${pad}px`;
    stepsCol.style.paddingBottom = `${Math.max(0, vh - y0 - pad)}px`;
    for (const el of stepEls) el.style.height = `${P}px`;
  };
  const progress = () => {
    const rect = element.getBoundingClientRect();
    const range = rect.height - window.innerHeight;
    if (!(range > 0)) return 0;
    return Math.min(1, Math.max(0, -rect.top / range));
  };
  const scrollYFor = (p: number) => {
    const rect = element.getBoundingClientRect();
    const range = rect.height - window.innerHeight;
    return Math.round(window.scrollY + rect.top + p * Math.max(0, range));
  };
  return {element, stage, progressBar, segments, phaseLabel, caption, stepEls, layout, progress, scrollYFor};
}

/**
 * Stepping one phase forwards (+1) or backwards (−1): scrolls the page to the next
 * (previous) phase's rest point — where that phase is fully drawn — counted in whole pixels
 * so that a position one rounding away from a rest point counts as on it. A second press
 * during a smooth scroll steps on from where the first one is going.
 */
export function createStepper(scrolly: Scrolly, numPhases: number, reducedMotion: () => boolean) {
  let pending: {y: number; until: number} | null = null; // a smooth scroll on its way to y
  const step = (dir: number) => {
    const y = pending && performance.now() < pending.until ? pending.y : window.scrollY;
    const rests = Array.from({length: numPhases}, (_, k) => scrolly.scrollYFor(restProgress(k, numPhases)));
    const target = dir > 0 ? rests.find((r) => r > y + 1) : [scrolly.scrollYFor(0), ...rests].reverse().find((r) => r < y - 1);
    if (target === undefined) return;
    const smooth = !reducedMotion();
    pending = smooth ? {y: target, until: performance.now() + 1500} : null;
    window.scrollTo({top: target, behavior: smooth ? "smooth" : "auto"});
  };
  const jump = (p: number) => window.scrollTo({top: scrolly.scrollYFor(p), behavior: "auto"});
  /** Call on every scroll: forgets the smooth scroll once it has arrived. */
  const onScroll = () => {
    if (pending && Math.abs(window.scrollY - pending.y) < 1) pending = null;
  };
  /** ←/→ (or ↑/↓) step one phase, Home/End go to the ends. */
  const onKey = (ev: KeyboardEvent) => {
    const k = ev.key;
    if (k === "ArrowRight" || k === "ArrowDown") step(+1);
    else if (k === "ArrowLeft" || k === "ArrowUp") step(-1);
    else if (k === "Home") jump(0);
    else if (k === "End") jump(1);
    else return;
    ev.preventDefault();
  };
  return {step, onScroll, onKey};
}

/**
 * Reserves the height of `el`'s tallest text: `min-height` set to the largest height `el`
 * takes, at its current width, with any of `texts` (a caption or label that changes as the
 * reader scrolls). Without it a line more or less in a sticky stage changes the stage's
 * height, so the step panels and everything under the widget move (layout shift). Measured
 * on a hidden copy beside `el` (same classes, so the same rules; no live region announces
 * it); cheap when the width and texts are unchanged. Call on resize, before `layout()`.
 */
export function reserveTallest(el: HTMLElement, texts: readonly string[]): void {
  const parent = el.parentElement;
  if (!parent || !el.isConnected) return;
  const width = getComputedStyle(el).width;
  const key = `${width}|${texts.join("\u0000")}`;
  if (reserved.get(el) === key) return;
  reserved.set(el, key);
  const probe = el.cloneNode(false) as HTMLElement;
  probe.removeAttribute("id");
  probe.removeAttribute("aria-live");
  probe.setAttribute("aria-hidden", "true");
  probe.style.cssText = `position: absolute; visibility: hidden; pointer-events: none; left: 0; top: 0; width: ${width}; min-height: 0; height: auto;`;
  parent.appendChild(probe);
  let tallest = 0;
  for (const t of texts) {
    probe.textContent = t;
    tallest = Math.max(tallest, Number.parseFloat(getComputedStyle(probe).height) || 0);
  }
  probe.remove();
  el.style.minHeight = tallest > 0 ? `${Math.ceil(tallest)}px` : "";
}
const reserved = new WeakMap<HTMLElement, string>();

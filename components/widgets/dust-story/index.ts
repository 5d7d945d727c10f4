/**
 * The scroll story "two structures, one kernel" (the Worlds from Dust page): a sticky SVG
 * picture of one grain of a small disc beside (or, on a narrow screen, above) one text card
 * per step; scrolling through it picks the step — the grain, the tree's far field, the grid's
 * neighbours, the sum the contact kernel writes. It shares the essay's scroll machinery
 * (the scroll room, components/widgets/shared/scroll/: the sticky stage, the step cards,
 * progress ↔ scroll position, keyboard stepping) and its styles (the root also has the class
 * `scan-scrub`).
 *
 * The state is a CPU twin state (model.ts: STORY_GRAINS grains, the tree walk, the near
 * field), computed once; the status line says so. `createDustStory(options)` →
 * `data-widget="dust-story"`; `.value` is `DustStoryValue` (model.ts) with an `input` event
 * when the step or the scroll position changes. Keyboard: with the stage focused, ←/→ (or
 * ↑/↓) step, Home/End go to the ends; Previous / Next buttons do the same. Reduced motion: no
 * zoom or growth inside a step, each step drawn at rest. Print: each card gets its own still
 * of its step.
 */
import {type DustStoryValue, STORY_STEPS, storyCaption, storyState, storyStepAt, storyValue, type StoryState} from "./model.js";
import {button} from "../runtime/controls.js";
import {defineWidget, mountWidget, type MountOptions} from "../runtime/mount.js";
import {readOptions} from "../runtime/options.js";
import {observeResize} from "../runtime/resize.js";
import {onPrint} from "../runtime/still.js";
import {setValue} from "../runtime/view.js";
import {animationAt, restProgress} from "../shared/scroll/progress.js";
import {createScrolly, createStepper, reserveTallest} from "../shared/scroll/scrolly.js";
import {createStoryDiagram} from "./draw.js";
import {DUST_STORY_OPTIONS} from "./options.js";

export type {DustStoryValue} from "./model.js";

export {DUST_STORY_OPTIONS} from "./options.js";

interface DustStoryOptions extends MountOptions {
  grains?: number;
  seed?: number;
  /** the step cards' HTML, one per step (default: `storyTexts(state)`) */
  steps?: string[];
}

const n0 = (v: number) => v.toLocaleString("en-US");
/** The card's caption line (under the story), from `.value`. */
const cardCaption = (v: DustStoryValue) => `${v.heading} · a CPU twin state of ${n0(v.grains)} grains · scroll, or focus the diagram and press ← →`;
/** The phase label over the picture at step k. */
const phaseText = (k: number) => `Step ${k + 1} of ${STORY_STEPS.length}: ${STORY_STEPS[k].heading}`;
const ratio = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0], a[1]) / (Math.hypot(b[0], b[1]) || 1);

/** The step cards' text, with the state's own numbers (what the picture shows at each step). */
function storyTexts(s: StoryState): string[] {
  const side = 2 * s.grid.reach + 1;
  const v = storyValue(s, 1);
  return [
    `<p>The tree walk and the contact kernel each run one thread per body. Follow one: the ringed grain, one of ${n0(v.grains)} in a small copy of the disc, in the order the tree's sort left them. Its threads need one pair of numbers, its acceleration, and two structures to get it.</p>`,
    `<p>First the tree. The walk starts at the root and asks of every cell whether it looks small from here: its side less than θ = ${s.params.theta} times its distance. The ${n0(v.tree.approximated)} shaded cells pass and count as one mass at their centre of mass; the ${n0(v.tree.leaves)} outlined leaves are too close, and their ${n0(v.tree.direct)} grains are added one by one. The star is one more term. The walk leaves the sum, the far field, in the grain's acceleration.</p>`,
    `<p>Then the grid. The contact kernel visits the cells within the grain's radius plus the largest body's; while every grain still weighs the same, that is the ${side} × ${side} block round its own cell. It finds ${n0(v.grid.candidates)} grains there and tests each for overlap: ${n0(v.grid.contacts.length)} touch, and each can push back along the line between the centres.</p>`,
    `<p>The same kernel, <code>contacts</code> in <code>dust/contacts.wgsl</code>, then reads the far field the walk left in the grain's acceleration, adds its contact sum to it and writes the total back, once. The second half kick then changes the grain's velocity by both. Here the contacts are ${Math.round(ratio(s.near, s.far))} times stronger than gravity, but they last a few substeps; gravity never lets go.</p>`,
  ];
}

function readStory(options: DustStoryOptions) {
  const {values, notes} = readOptions(DUST_STORY_OPTIONS, options as Record<string, unknown>);
  const state = storyState(values.grains, values.seed);
  return {values, notes, state, current: storyValue(state, 0)};
}

/** The scroll story as a definition (CPU only: its state is the twin's; mounted by `mountWidget`). */
const dustStoryDefinition = defineWidget<DustStoryOptions, ReturnType<typeof readStory>, DustStoryValue, Record<string, never>>({
  name: "dust-story",
  className: "scan-scrub dust-story",
  read: readStory,
  value: (c) => c.current,
  build: (w, options) => {
    const c = w.config;
    const {root, status} = w;
    const s = c.state;
    const diagram = createStoryDiagram(s);
    const texts = STORY_STEPS.map((_, k) => options.steps?.[k] ?? storyTexts(s)[k]);
    const scrolly = createScrolly(
      root,
      STORY_STEPS,
      texts,
      diagram.svg,
      "Diagram of one grain's two answers. Scroll, or use the arrow keys, to step through it."
    );
    const reduced = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
    const reducedMotion = () => !!reduced?.matches;
    const stepper = createStepper(scrolly, STORY_STEPS.length, reducedMotion);
    const controls = document.createElement("div");
    controls.className = "widget-controls";
    const prev = button("◀ Previous", () => stepper.step(-1), {title: "Previous step (← key)"});
    const next = button("Next ▶", () => stepper.step(+1), {title: "Next step (→ key)"});
    controls.append(prev, next);
    scrolly.stage.append(controls, status.element);
    let lastKey = "";
    const render = () => {
      const progress = scrolly.progress();
      const key = `${progress}|${reducedMotion()}`;
      if (key === lastKey) return;
      lastKey = key;
      const at = storyStepAt(progress);
      const anim = animationAt(at.t, reducedMotion());
      diagram.update(at.stepIndex, anim);
      scrolly.segments.forEach((seg, k) => {
        const fill = k < at.stepIndex ? 1 : k > at.stepIndex ? 0 : at.t;
        seg.style.width = `${(fill * 100).toFixed(2)}%`;
      });
      scrolly.progressBar.setAttribute("aria-valuenow", String(Math.round(progress * 100)));
      scrolly.phaseLabel.textContent = phaseText(at.stepIndex);
      scrolly.caption.textContent = storyCaption(s, at.stepIndex);
      scrolly.stepEls.forEach((el, k) => el.classList.toggle("active", k === at.stepIndex));
      prev.disabled = progress <= 0;
      next.disabled = at.stepIndex === STORY_STEPS.length - 1 && anim >= 1;
      const v = storyValue(s, progress);
      if (v.step !== c.current.step || v.progress !== c.current.progress) {
        c.current = v;
        setValue(root, v);
      }
    };
    // print: every card gets a still of its step at rest; the live picture is restored after
    let figures: HTMLElement[] = [];
    const beforePrint = () => {
      figures = STORY_STEPS.map((_, k) => {
        diagram.update(k, 1);
        const fig = document.createElement("figure");
        fig.className = "scrub-print";
        fig.append(diagram.svg.cloneNode(true));
        const cap = document.createElement("figcaption");
        cap.textContent = storyCaption(s, k);
        fig.append(cap);
        scrolly.stepEls[k].append(fig);
        return fig;
      });
      root.classList.add("print-steps");
    };
    const afterPrint = () => {
      for (const f of figures) f.remove();
      figures = [];
      root.classList.remove("print-steps");
      lastKey = "";
      render();
    };
    const onScroll = () => {
      stepper.onScroll();
      render();
    };
    // every line that changes with the step keeps the height of its tallest text, so the
    // sticky stage, the step panels and the page under the story never move (layout shift)
    const steps = STORY_STEPS.map((_, k) => k);
    const reserve = () => {
      reserveTallest(scrolly.phaseLabel, steps.map(phaseText));
      reserveTallest(
        scrolly.caption,
        steps.map((k) => storyCaption(s, k))
      );
      const card = root.querySelector<HTMLElement>(":scope > .widget-caption");
      if (card)
        reserveTallest(
          card,
          steps.map((k) => cardCaption(storyValue(s, storyRestProgress(k))))
        );
    };
    let laidOut = false;
    const onResize = () => {
      laidOut = true;
      reserve();
      scrolly.layout();
      lastKey = "";
      render();
    };
    // a key pressed before the first layout (the widget was just shown: its first animation
    // frame has not come) lays the story out first, so Home/End aim at its laid-out ends
    const onKey = (ev: KeyboardEvent) => {
      if (!laidOut && root.isConnected) onResize();
      stepper.onKey(ev);
    };
    return {
      cpu: (ctx) => {
        ctx.status.info(
          `A CPU twin state: ${n0(s.bodies.n)} grains of the disc, their tree walk and contact search computed once in JavaScript, as the GPU kernels do them.`
        );
        return {};
      },
      cpuReason: "This diagram draws a CPU twin state.",
      lazy: false,
      layout: (_play, rt) => {
        const stopPrint = onPrint(beforePrint, afterPrint);
        scrolly.stage.addEventListener("keydown", onKey);
        window.addEventListener("scroll", onScroll, {passive: true});
        window.addEventListener("resize", onResize);
        const stopResize = observeResize([root, scrolly.stage], onResize);
        reduced?.addEventListener?.("change", onResize);
        const frame = requestAnimationFrame(onResize);
        rt.scope.onDispose(() => {
          cancelAnimationFrame(frame);
          window.removeEventListener("scroll", onScroll);
          window.removeEventListener("resize", onResize);
          stopResize();
          reduced?.removeEventListener?.("change", onResize);
          stopPrint();
        });
        return [scrolly.element];
      },
      caption: ({value: v}) => cardCaption(v),
    };
  },
});

/** Creates the scroll story (see the module comment). Bad options are replaced and reported in the status line. */
export const createDustStory = (options: DustStoryOptions = {}) => mountWidget(dustStoryDefinition, options);

/** The scroll progress at which step k rests. */
const storyRestProgress = (k: number) => restProgress(k, STORY_STEPS.length);

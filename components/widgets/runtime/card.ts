/**
 * The card every widget sits in, and its one-line live caption: what the widget shows now,
 * in figures taken from its `.value` (particles, frames per second, the phase), and what to
 * try. The caption is part of the widget, not of the page, so an embedded widget has it too.
 */
import type {WidgetElement} from "./view.js";

/** What a caption is written from: the widget's `.value` and its measured frame rate. */
export interface CaptionInput<V> {
  value: V;
  /** Frames per second over the last second or so; null before two measurements or without `frames`. */
  fps: number | null;
}

interface CardOptions {
  /** Frames run so far (a counter the widget keeps): the caption then shows a frame rate. */
  frames?: () => number;
}

/** Refreshes of the caption at most this often (ms): it is read, not watched. */
const CAPTION_MS = 500;

/** Per card: the `.value` its caption was last written from, and who follows it (`onCaptionSample`). */
const samples = new WeakMap<Element, {value: unknown; listeners: Set<(v: unknown) => void>}>();

/**
 * Calls `cb` with the `.value` the widget's caption shows now, then with every `.value` the
 * caption is written from, in the same task as the caption: a page's figures about the widget
 * (its counter row, a figure in the prose) then read the very sample the caption reads. A
 * widget without a card: every `.value` (each `input` event). Returns the unsubscribe function.
 */
export function onCaptionSample<V>(root: WidgetElement<V>, cb: (value: V) => void): () => void {
  const card = samples.get(root);
  if (!card) {
    const on = () => cb(root.value);
    root.addEventListener("input", on);
    cb(root.value);
    return () => root.removeEventListener("input", on);
  }
  const l = cb as (v: unknown) => void;
  card.listeners.add(l);
  cb(card.value as V);
  return () => card.listeners.delete(l);
}

/**
 * Frames `root` as a card (class `widget-card`) and adds its caption line (`.widget-caption`)
 * in front of the status line, written by `write` from `.value` on every `input` event (at
 * most every 0.5 s) and once at the start. Returns the caption element.
 *
 * An `input` that comes sooner than 0.5 s after the last write is not dropped but written
 * when the 0.5 s are up: a widget may publish twice in quick succession and then not again
 * for a long time (a paused widget, or one whose first frame is seconds away on a slow
 * adapter), and the caption must then say the last `.value`, not the one before it.
 */
export function widgetCard<V>(root: WidgetElement<V>, write: (c: CaptionInput<V>) => string, options: CardOptions = {}): HTMLElement {
  root.classList.add("widget-card");
  const caption = document.createElement("p");
  caption.className = "widget-caption";
  const status = root.querySelector(":scope > .widget-status");
  root.insertBefore(caption, status);
  let last = -Infinity;
  let mark: {t: number; n: number} | null = null;
  let fps: number | null = null;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const sample = {value: root.value as unknown, listeners: new Set<(v: unknown) => void>()};
  samples.set(root, sample);
  const render = () => {
    const now = performance.now();
    if (options.frames) {
      const n = options.frames();
      if (mark && now - mark.t >= 900) {
        fps = frameRate(mark, {t: now, n});
        mark = {t: now, n};
      } else if (!mark) mark = {t: now, n};
    }
    if (now - last < CAPTION_MS) {
      trailing ??= setTimeout(
        () => {
          trailing = undefined;
          render();
        },
        CAPTION_MS - (now - last)
      );
      return;
    }
    clearTimeout(trailing);
    trailing = undefined;
    last = now;
    const value = root.value;
    caption.textContent = write({value, fps});
    sample.value = value;
    for (const l of sample.listeners) l(value);
  };
  root.addEventListener("input", render);
  render();
  return caption;
}

/**
 * Frames per second between two counts of drawn frames `n` at times `t` (ms), or null when no
 * frame was drawn in between (compiling, paused, off screen): the caption then says no rate
 * rather than "0.0 fps".
 */
export function frameRate(from: {t: number; n: number}, to: {t: number; n: number}): number | null {
  return to.n > from.n && to.t > from.t ? ((to.n - from.n) * 1000) / (to.t - from.t) : null;
}

/** "57 fps", or "" before a frame rate is known. */
export function fpsText(fps: number | null): string {
  return fps === null ? "" : `${fps < 10 ? fps.toFixed(1) : Math.round(fps)} fps`;
}

/** Joins the non-empty parts of a caption with " · ". */
export function captionLine(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" · ");
}

/**
 * The keyboard's way into a simulation canvas: a virtual pointer that the arrow keys move.
 *
 * The canvas is focusable (`tabindex=0`, `role=application` so a screen reader passes the
 * arrow keys through, its accessible name, and a description with the keys). While it has
 * focus:
 * - an arrow key moves the pointer by 1/30 of the view's width (Shift: 4×), starting from
 *   the view's centre; the pointer is then engaged (`inside`, `active`, as a hovering
 *   mouse) and pressed (`down`) until 300 ms after the last arrow key and at least one
 *   animation frame later, so a widget that pushes only on a drag (sand, water) is shoved
 *   or stirred along the path, even on an adapter slow enough to draw one frame a second;
 * - Space held presses the pointer where it stands;
 * - Escape (or leaving the canvas) lets go: not inside, not active, not down.
 * A visible cursor (a ring, `.sim-key-cursor`) shows where the pointer is; the canvas's
 * focus ring comes from the stylesheet (`:focus-visible`). The mouse and touch keep working
 * alongside: whichever moved last sets the pointer.
 */
import type {WorldPointer} from "../../sim/pointer.js";
import type {WorldView} from "../../sim/renderer.js";

/** Arrow key → direction in world units (y up). */
const ARROWS: Record<string, [number, number]> = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
/** One arrow press moves this share of the view's width. */
export const KEY_STEP = 1 / 30;
/** The pointer stays pressed this long after the last arrow key (ms), so frames see the push. */
const HOLD_MS = 300;

let uid = 0;

interface KeyboardPointerOptions {
  pointer: WorldPointer;
  /** The stage element (the cursor and the instructions go in it). */
  stage: HTMLElement;
  /** The canvas now. */
  canvas: () => HTMLCanvasElement;
  /** The world rectangle drawn on the whole canvas (y up). */
  view: () => WorldView;
  /** What the keys do in this widget, one sentence (the start of the instructions). */
  hint?: string;
  notify: () => void;
}

/** Makes `canvas()` keyboard-operable (see the module comment); `listen(c, on)` attaches or detaches a canvas. */
export function keyboardPointer(o: KeyboardPointerOptions) {
  const {pointer} = o;
  const help = document.createElement("p");
  help.className = "sim-keys";
  help.id = `sim-keys-${++uid}`;
  help.textContent = `${o.hint ?? "Arrow keys move a pointer that pushes."} Shift: bigger steps; Space: push in place; Escape: let go.`;
  const cursor = document.createElement("div");
  cursor.className = "sim-key-cursor";
  cursor.setAttribute("aria-hidden", "true");
  cursor.hidden = true;
  o.stage.append(cursor, help);

  let engaged = false; // an arrow key moved the pointer since focus
  let space = false;
  let at = {x: NaN, y: NaN};
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;
  /** Which press a pending lift belongs to: a newer press (or a release) cancels it. */
  let pressId = 0;

  const showCursor = () => {
    const c = o.canvas();
    const v = o.view();
    const x = Number.isFinite(at.x) ? at.x : (v.x0 + v.x1) / 2;
    const y = Number.isFinite(at.y) ? at.y : (v.y0 + v.y1) / 2;
    cursor.style.left = `${c.offsetLeft + ((x - v.x0) / (v.x1 - v.x0)) * c.clientWidth}px`;
    cursor.style.top = `${c.offsetTop + ((v.y1 - y) / (v.y1 - v.y0)) * c.clientHeight}px`;
    cursor.hidden = false;
  };
  const release = () => {
    clearTimeout(releaseTimer);
    pressId++;
    engaged = false;
    space = false;
    pointer.inside = pointer.active = pointer.down = false;
    cursor.hidden = true;
    o.notify();
  };
  /**
   * Lets go of the press HOLD_MS from now, unless Space is still held then — but never
   * before two animation frames have begun: the widgets' frame loops read the pointer once
   * per frame, and on a slow adapter a frame can take longer than HOLD_MS, so a press
   * lifted by the timer alone could be one that no frame ever saw.
   */
  const holdThenLift = () => {
    clearTimeout(releaseTimer);
    const id = ++pressId;
    const held = new Promise<void>((r) => (releaseTimer = setTimeout(r, HOLD_MS)));
    const seen = new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
    void Promise.all([held, seen]).then(() => {
      if (id !== pressId) return;
      pointer.down = space;
      o.notify();
    });
  };
  const press = () => {
    pointer.x = at.x;
    pointer.y = at.y;
    pointer.inside = pointer.active = true;
    pointer.down = true;
    engaged = true;
    holdThenLift();
    showCursor();
    o.notify();
  };
  const onKey = (e: KeyboardEvent) => {
    const v = o.view();
    if (!Number.isFinite(at.x)) at = {x: (v.x0 + v.x1) / 2, y: (v.y0 + v.y1) / 2};
    const dir = ARROWS[e.key];
    if (dir && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const step = KEY_STEP * (v.x1 - v.x0) * (e.shiftKey ? 4 : 1);
      at = {x: Math.min(v.x1, Math.max(v.x0, at.x + dir[0] * step)), y: Math.min(v.y1, Math.max(v.y0, at.y + dir[1] * step))};
      press();
    } else if (e.key === " ") {
      space = true;
      press();
    } else if (e.key === "Escape" && engaged) release();
    else return;
    e.preventDefault(); // the page must not scroll under the reader's keys
  };
  const onKeyUp = (e: KeyboardEvent) => {
    if (e.key !== " ") return;
    space = false;
    if (engaged) holdThenLift();
    e.preventDefault();
  };
  const onFocus = () => {
    if (o.canvas().matches(":focus-visible")) showCursor();
  };
  const onBlur = () => {
    if (engaged || !cursor.hidden) release();
  };
  const listen = (c: HTMLCanvasElement, on: boolean) => {
    if (on) {
      c.tabIndex = 0;
      c.setAttribute("role", "application");
      c.setAttribute("aria-describedby", help.id);
    }
    const f = on ? c.addEventListener.bind(c) : c.removeEventListener.bind(c);
    f("keydown", onKey as EventListener);
    f("keyup", onKeyUp as EventListener);
    f("focus", onFocus);
    f("blur", onBlur);
  };
  return {
    listen,
    stop: () => {
      clearTimeout(releaseTimer);
      pressId++;
    },
  };
}

/**
 * The 3D galaxy's drawing helpers: the camera's state and input (pointer drag, arrow keys,
 * Ctrl or ⌘ with the wheel and a pinch zoom; the wheel alone always scrolls the page),
 * the CPU engine's 2D-canvas drawing through the same projection, and the read-out line.
 */
import type {Bodies3} from "../../gravity3d/bodies.js";
import {fmt} from "../runtime/counters.js";
import type {CanvasStage} from "../runtime/canvas.js";
import {skyLook} from "../shared/gravity/sky.js";
import {defaultCamera, type OrbitCamera, orbit, project, viewProjection, zoom} from "./camera.js";
import type {Galaxy3DValue} from "./options.js";

/** Colour ramp ends, world units per time unit (discs turn at ~0.3–1). */
export const SPEED_RANGE3: [number, number] = [0.05, 1.0];
/** Radius shown by the first camera of each scene. */
export const SCENE_RADIUS = {plummer: 3, disc: 4, collision: 5} as const;

const KEY_TURN = (6 * Math.PI) / 180;

/**
 * The camera and its inputs on `stage`: dragging turns it (½° per CSS px), arrow keys by 6°,
 * the wheel with Ctrl or ⌘ held, + and − and a two-finger pinch zoom. The wheel alone never
 * zooms: a drag focuses the canvas, and a reader who has just turned the view and scrolls on
 * must scroll the page. Ctrl or ⌘ is the reader's choice to zoom; a touch pinch acts while the
 * canvas is focused (a tap or Tab focuses it).
 * `changed` is called after every change (a paused widget redraws).
 */
export function cameraControl(stage: CanvasStage, radius: number, changed: () => void) {
  let cam: OrbitCamera = defaultCamera(radius);
  const el = stage.element;
  const focused = () => document.activeElement === stage.canvas;
  const set = (c: OrbitCamera) => {
    cam = c;
    changed();
  };
  const pointers = new Map<number, {x: number; y: number}>();
  let pinch = 0;
  el.addEventListener("pointerdown", (e) => {
    if (e.target !== stage.canvas) return;
    pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
  });
  el.addEventListener("pointermove", (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    if (pointers.size === 2 && focused()) {
      const [a, b] = [...pointers.values()];
      const d0 = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = e.clientX;
      p.y = e.clientY;
      const d1 = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch > 0 && d0 > 0 && d1 > 0) set(zoom(cam, d0 / d1));
      pinch = d1;
      return;
    }
    const dx = e.clientX - p.x,
      dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    if (pointers.size === 1 && (dx || dy)) set(orbit(cam, (-dx * Math.PI) / 360, (dy * Math.PI) / 360));
  });
  const up = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    pinch = 0;
  };
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener(
    "wheel",
    (e) => {
      // the wheel alone scrolls the page; Ctrl or ⌘ held is the choice to zoom
      if (!(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      set(zoom(cam, Math.exp(Math.max(-1, Math.min(1, e.deltaY / 300)))));
    },
    {passive: false}
  );
  el.addEventListener("keydown", (e) => {
    if (e.target !== stage.canvas || e.altKey || e.ctrlKey || e.metaKey) return;
    const turn: Record<string, [number, number]> = {ArrowLeft: [KEY_TURN, 0], ArrowRight: [-KEY_TURN, 0], ArrowUp: [0, KEY_TURN], ArrowDown: [0, -KEY_TURN]};
    if (turn[e.key]) {
      e.preventDefault();
      e.stopImmediatePropagation();
      set(orbit(cam, ...turn[e.key]));
    } else if (e.key === "+" || e.key === "=" || e.key === "-") {
      e.preventDefault();
      set(zoom(cam, e.key === "-" ? 1.15 : 1 / 1.15));
    }
  });
  return {
    get camera() {
      return cam;
    },
    reset(r: number) {
      cam = defaultCamera(r);
    },
    matrix(): Float32Array {
      return viewProjection(cam, Math.max(1e-3, stage.size.width / Math.max(1, stage.size.height)));
    },
  };
}

const RAMP: [number, number, number][] = [
  [0.25, 0.35, 0.95],
  [0.75, 0.35, 0.85],
  [1.0, 0.55, 0.2],
  [1.0, 0.95, 0.6],
];

function rampColour(t: number, k: number): string {
  const x = Math.min(1, Math.max(0, t)) * 3;
  const i = Math.min(2, Math.floor(x));
  const c = RAMP[i].map((v, j) => v + (RAMP[i + 1][j] - v) * (x - i));
  return `rgb(${c.map((v) => Math.round(255 * v * k)).join(",")})`;
}

/** The CPU engine's picture: each body a small square at its projected position (the GPU shader's projection). */
export function drawBodies3D(stage: CanvasStage, m: Float32Array, b: Bodies3, o: {byGalaxy: boolean; px: number; alpha: number; heavy: number}) {
  const ctx = stage.context2d();
  const look = skyLook(stage.canvas);
  const W = stage.canvas.width,
    H = stage.canvas.height;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = "source-over";
  ctx.globalAlpha = 1;
  ctx.fillStyle = look.css;
  ctx.fillRect(0, 0, W, H);
  const dpr = W / Math.max(1, stage.size.width);
  const s = Math.max(1, o.px * dpr);
  const k = look.ink ? 0.62 : 1;
  const buckets = new Map<string, number[]>();
  for (let i = 0; i < b.n; i++) {
    const c = o.byGalaxy
      ? b.tag[i] > 0.5
        ? `rgb(${[255, 153, 77].map((v) => Math.round(v * k)).join(",")})`
        : `rgb(${[89, 166, 255].map((v) => Math.round(v * k)).join(",")})`
      : rampColour((Math.hypot(b.vx[i], b.vy[i], b.vz[i]) - SPEED_RANGE3[0]) / (SPEED_RANGE3[1] - SPEED_RANGE3[0]), k);
    let list = buckets.get(c);
    if (!list) buckets.set(c, (list = []));
    list.push(i);
  }
  ctx.globalCompositeOperation = look.ink ? "source-over" : "lighter";
  ctx.globalAlpha = look.ink ? Math.min(1, o.alpha * 1.4) : o.alpha;
  for (const [c, ids] of buckets) {
    ctx.fillStyle = c;
    for (const i of ids) {
      const p = project(m, b.x[i], b.y[i], b.z[i], W, H);
      if (!p) continue;
      const r = b.m[i] > o.heavy ? 3 * s : s;
      ctx.fillRect(p.px - r / 2, p.py - r / 2, r, r);
    }
  }
}

/** `<p class="widget-readout">` with the counters. */
export function readout3() {
  const el = document.createElement("p");
  el.className = "widget-readout galaxy3d-readout";
  return {
    element: el,
    /** Writes the counters of `s`: the widget passes the sample its caption shows (`onCaptionSample`), so both say one figure. */
    update(s: Pick<Galaxy3DValue, "count" | "theta" | "stepMs" | "energyDrift">) {
      const drift = s.energyDrift === null ? "" : ` · energy drift ${fmt(100 * s.energyDrift, 3)} %`;
      el.textContent = `${fmt(s.count)} bodies · θ = ${s.theta.toFixed(2)} · ${s.stepMs === null ? "–" : fmt(s.stepMs, 2)} ms per step${drift}`;
    },
  };
}

/**
 * The picture of the scroll story "two structures, one kernel" (d3, SVG): the grains of the
 * story's disc, the chosen grain ringed; the tree's answer (cells taken as one mass shaded,
 * leaves opened outlined, the grains they sum one by one marked); the grid's answer (the cells
 * the contact kernel visits, the grains touching); and the far, near and summed accelerations
 * as arrows from the grain. `update(stepIndex, anim)` is a function of its arguments only:
 * the same step and amount always draw the same picture.
 */
import * as d3 from "../../d3.js";
import {STORY_STEPS, type StoryState} from "./model.js";

/** The picture's side in viewBox units (it is square). */
const STORY_SIZE = 560;
/** World half-width of the whole disc's view and of the grid's close-up (in cells round the grain's window). */
const DISC_HALF = 2.8;
const ZOOM_CELLS = 1.6;

interface StoryView {
  cx: number;
  cy: number;
  half: number;
}

/** The view at a step: the whole disc for the first two, a close-up of the grain's grid window after (interpolated by `anim` in the grid step). */
function storyView(s: StoryState, stepIndex: number, anim: number): StoryView {
  const whole = {cx: 0, cy: 0, half: DISC_HALF};
  const i = s.grain;
  const close = {cx: s.bodies.x[i], cy: s.bodies.y[i], half: (s.grid.reach + ZOOM_CELLS) * s.cellSize};
  const id = STORY_STEPS[stepIndex].id;
  if (id === "grain" || id === "tree") return whole;
  if (id === "sum") return close;
  // geometric in the half-width, so the zoom feels even
  const a = Math.min(1, Math.max(0, anim));
  return {
    cx: whole.cx + (close.cx - whole.cx) * a,
    cy: whole.cy + (close.cy - whole.cy) * a,
    half: whole.half * (close.half / whole.half) ** a,
  };
}

interface StoryDiagram {
  svg: SVGSVGElement;
  update(stepIndex: number, anim: number): void;
}

/** Builds the SVG once for a state; `update` moves the view and shows each step's layers. */
export function createStoryDiagram(s: StoryState): StoryDiagram {
  const S = STORY_SIZE;
  const svg = d3
    .create("svg")
    .attr("class", "scrub-svg dust-story-svg")
    .attr("viewBox", `0 0 ${S} ${S}`)
    .attr("role", "img")
    .attr(
      "aria-label",
      "One grain of a small dust disc, the tree cells its far-field walk uses, the grid cells its contact search visits, and the accelerations they give"
    );
  const b = s.bodies;
  const i = s.grain;
  const world = svg.append("g").attr("class", "story-world");
  const approx = world.append("g").attr("class", "story-approx");
  approx
    .selectAll("rect")
    .data(s.tree.approximated)
    .join("rect")
    .attr("x", (c) => c.x0)
    .attr("y", (c) => -(c.y0 + c.size))
    .attr("width", (c) => c.size)
    .attr("height", (c) => c.size);
  approx
    .selectAll("line")
    .data(s.tree.approximated)
    .join("line")
    .attr("x1", b.x[i])
    .attr("y1", -b.y[i])
    .attr("x2", (c) => c.cx)
    .attr("y2", (c) => -c.cy);
  const leaves = world.append("g").attr("class", "story-leaves");
  leaves
    .selectAll("rect")
    .data(s.tree.leaves)
    .join("rect")
    .attr("x", (c) => c.x0)
    .attr("y", (c) => -(c.y0 + c.size))
    .attr("width", (c) => c.size)
    .attr("height", (c) => c.size);
  const cells = world.append("g").attr("class", "story-cells");
  cells
    .selectAll("rect")
    .data(s.grid.cells)
    .join("rect")
    .attr("x", (c) => c.x0)
    .attr("y", (c) => -(c.y0 + c.size))
    .attr("width", (c) => c.size)
    .attr("height", (c) => c.size);
  const direct = new Set(s.tree.direct);
  const contact = new Set(s.grid.contacts);
  const candidate = new Set(s.grid.candidates);
  const slots = d3.range(b.n);
  const grains = world
    .append("g")
    .attr("class", "story-grains")
    .selectAll("circle")
    .data(slots)
    .join("circle")
    .attr("cx", (j) => b.x[j])
    .attr("cy", (j) => -b.y[j])
    .attr("r", (j) => s.params.unitRadius * Math.sqrt(b.m[j]));
  const ring = world.append("circle").attr("class", "story-ring").attr("cx", b.x[i]).attr("cy", -b.y[i]);
  world
    .append("circle")
    .attr("class", "story-chosen")
    .attr("cx", b.x[i])
    .attr("cy", -b.y[i])
    .attr("r", s.params.unitRadius * Math.sqrt(b.m[i]));
  const arrows = svg.append("g").attr("class", "story-arrows");
  const kinds: ArrowKind[] = [
    {key: "far", label: "far", a: s.far},
    {key: "near", label: "near", a: s.near},
    {key: "sum", label: "far + near", a: s.sum},
  ];
  const arrow = arrows
    .selectAll<SVGGElement, ArrowKind>("g")
    .data(kinds)
    .join("g")
    .attr("class", (k) => `story-arrow story-arrow-${k.key}`);
  arrow.append("path").attr("class", "shaft");
  arrow.append("path").attr("class", "head");
  arrow.append("text");

  const update = (stepIndex: number, anim: number) => {
    const v = storyView(s, stepIndex, anim);
    const scale = S / (2 * v.half);
    world.attr("transform", `translate(${S / 2},${S / 2}) scale(${scale}) translate(${-v.cx},${v.cy})`);
    const id = STORY_STEPS[stepIndex].id;
    const treeOn = id === "tree" ? Math.min(1, anim * 2) : id === "grain" ? 0 : 0.35;
    approx.attr("opacity", treeOn);
    leaves.attr("opacity", treeOn);
    cells.attr("opacity", id === "grid" ? Math.min(1, anim * 1.5) : id === "sum" ? 1 : 0);
    grains.attr("class", (j) =>
      (id === "tree" && direct.has(j)) || (id !== "grain" && id !== "tree" && contact.has(j))
        ? id === "tree"
          ? "direct"
          : "contact"
        : id !== "grain" && id !== "tree" && candidate.has(j)
          ? "candidate"
          : null
    );
    // the ring keeps a fixed size on screen: 9 px
    ring.attr("r", 9 / scale).attr("stroke-width", 2.5 / scale);
    // arrows in screen units: in the whole view the far field alone (72 px); in the close-up all three
    // at one scale (the longest 42 % of the picture), never shorter than 6 px
    const ox = S / 2 + (b.x[i] - v.cx) * scale,
      oy = S / 2 - (b.y[i] - v.cy) * scale;
    const mag = (a: readonly number[]) => Math.hypot(a[0], a[1]);
    const close = id === "grid" || id === "sum";
    const longest = Math.max(mag(s.far), mag(s.near), mag(s.sum)) || 1;
    const per = close ? (0.42 * S) / longest : 72 / (mag(s.far) || 1);
    const shown = (k: string) => (k === "far" ? id !== "grain" : k === "near" ? close && (id === "sum" || anim > 0.6) : id === "sum");
    arrow.attr("opacity", (k) => (shown(k.key) ? 1 : 0));
    placeArrows(arrow, s, [ox, oy], per, anim);
  };
  update(0, 1);
  return {svg: svg.node()!, update};
}

type ArrowKind = {key: "far" | "near" | "sum"; label: string; a: readonly [number, number]};

/** The arrows from the grain at `o` (screen units), `per` px per unit of acceleration, head to tail: far from the grain, near from the far field's tip, the sum from the grain (growing with `anim`). */
function placeArrows(arrow: d3.Selection<SVGGElement, ArrowKind, SVGGElement, undefined>, s: StoryState, o: [number, number], per: number, anim: number) {
  const S = STORY_SIZE;
  const [ox, oy] = o;
  const mag = (a: readonly number[]) => Math.hypot(a[0], a[1]);
  const L = (a: readonly number[]) => Math.max(6, mag(a) * per);
  const unit = (a: readonly number[]): [number, number] => (mag(a) > 0 ? [a[0] / mag(a), -a[1] / mag(a)] : [1, 0]);
  const uf = unit(s.far);
  const farTip: [number, number] = [ox + uf[0] * L(s.far), oy + uf[1] * L(s.far)];
  arrow.each(function (k) {
    const g = d3.select(this);
    const u = unit(k.a);
    const [x1, y1] = k.key === "near" ? farTip : [ox, oy];
    const len = L(k.a) * (k.key === "sum" ? Math.min(1, anim * 1.5) : 1);
    const x2 = x1 + u[0] * len,
      y2 = y1 + u[1] * len;
    g.select(".shaft").attr("d", `M${x1},${y1}L${x2},${y2}`);
    const hx = -u[0] * 9,
      hy = -u[1] * 9;
    g.select(".head").attr("d", `M${x2},${y2}l${hx - u[1] * 5},${hy + u[0] * 5}l${u[1] * 10},${-u[0] * 10}Z`);
    // labels: the far field's past its tip, the near field's beside its middle (one side), the sum's beside its tip (the other side)
    // a short far arrow (the close-up) gets its label well to its side, clear of the grain's neighbours
    const side = k.key === "near" ? 1 : -1;
    const along = k.key === "near" ? 0.5 : 1;
    const ahead = k.key === "far" ? (len < 20 ? 0 : 30) : 0;
    const aside = k.key === "far" && len < 20 ? 56 : 18;
    const lx = x1 + u[0] * (len * along + ahead) - side * u[1] * aside,
      ly = y1 + u[1] * (len * along + ahead) + side * u[0] * aside + 5;
    g.select("text")
      .attr("x", Math.min(S - 4, Math.max(4, lx)))
      .attr("y", Math.min(S - 4, Math.max(14, ly)))
      .attr("text-anchor", lx > S - 90 ? "end" : lx < 90 ? "start" : "middle")
      .text(k.label);
  });
}

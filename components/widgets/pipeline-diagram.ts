/**
 * The per-substep pipeline as a diagram (brief §4): clear → count → scan (3 dispatches) →
 * scatter → forces, with a loop arrow "× substeps". The boxes light up in order, each for
 * its share of the frame's GPU time when real pass timings are given (`setShares`), or
 * for equal times when they are not (the caption says which). The animation is slowed
 * down to a fixed cycle so the eye can follow it; a bar under each box shows its share.
 *
 * Driven by the owner's frame loop: call `tick(now)` each frame (no timer of its own).
 */
import * as d3 from "d3";

export interface PipelinePhase {
  key: string;
  label: string;
  /** Small text under the label, e.g. "3 dispatches". */
  note?: string;
}

export interface PipelineDiagram {
  element: SVGSVGElement;
  /** Shares of GPU time per phase key (any positive numbers; normalised), or null for "unknown". */
  setShares(shares: Record<string, number> | null): void;
  setSubsteps(n: number): void;
  /** Advances the highlight; `now` in ms (requestAnimationFrame time). */
  tick(now: number): void;
  /** The phase lit now (for tests and captions). */
  readonly lit: string | null;
}

const W = 640, H = 150;

/** Builds the diagram. `cycleMs`: how long one lap of the highlight takes (default 2,400 ms). */
export function createPipelineDiagram(phases: PipelinePhase[], options: {cycleMs?: number} = {}): PipelineDiagram {
  const cycle = options.cycleMs ?? 2400;
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${W} ${H}`)
    .attr("class", "pipeline-diagram")
    .attr("role", "img")
    .attr("aria-label", `Pipeline of one substep: ${phases.map((p) => p.label).join(", then ")}, repeated every substep`);
  const defs = svg.append("defs");
  defs
    .append("marker")
    .attr("id", "pd-arrow")
    .attr("viewBox", "0 0 10 10")
    .attr("refX", 9)
    .attr("refY", 5)
    .attr("markerWidth", 7)
    .attr("markerHeight", 7)
    .attr("orient", "auto-start-reverse")
    .append("path")
    .attr("d", "M0,0 L10,5 L0,10 z")
    .attr("fill", "currentColor");
  const n = phases.length;
  const gap = 22;
  const bw = (W - 20 - gap * (n - 1)) / n;
  const bh = 58;
  const y0 = 14;
  const x = (i: number) => 10 + i * (bw + gap);
  const g = svg
    .selectAll("g.phase")
    .data(phases)
    .join("g")
    .attr("class", "phase")
    .attr("data-phase", (d) => d.key)
    .attr("transform", (_, i) => `translate(${x(i)},${y0})`);
  g.append("rect").attr("class", "box").attr("width", bw).attr("height", bh).attr("rx", 6);
  g.append("text").attr("class", "label").attr("x", bw / 2).attr("y", 26).attr("text-anchor", "middle").text((d) => d.label);
  g.append("text").attr("class", "note").attr("x", bw / 2).attr("y", 44).attr("text-anchor", "middle").text((d) => d.note ?? "");
  g.append("rect").attr("class", "share-track").attr("y", bh + 6).attr("width", bw).attr("height", 6).attr("rx", 3);
  const bars = g.append("rect").attr("class", "share-bar").attr("y", bh + 6).attr("height", 6).attr("rx", 3).attr("width", 0);
  const pct = g.append("text").attr("class", "share-text").attr("x", bw / 2).attr("y", bh + 26).attr("text-anchor", "middle");
  for (let i = 0; i < n - 1; i++) {
    svg
      .append("line")
      .attr("class", "arrow")
      .attr("x1", x(i) + bw + 2)
      .attr("x2", x(i + 1) - 2)
      .attr("y1", y0 + bh / 2)
      .attr("y2", y0 + bh / 2)
      .attr("marker-end", "url(#pd-arrow)");
  }
  const loopY = y0 + bh + 40;
  svg
    .append("path")
    .attr("class", "arrow")
    .attr("d", `M${x(n - 1) + bw / 2},${y0 + bh + 30} L${x(n - 1) + bw / 2},${loopY} L${x(0) + bw / 2},${loopY} L${x(0) + bw / 2},${y0 + bh + 32}`)
    .attr("fill", "none")
    .attr("marker-end", "url(#pd-arrow)");
  const loopLabel = svg
    .append("text")
    .attr("class", "loop-label")
    .attr("x", W / 2)
    .attr("y", loopY + 14)
    .attr("text-anchor", "middle");

  let shares: number[] = phases.map(() => 1 / n);
  let known = false;
  let lit: string | null = null;
  let substeps = 1;

  function render() {
    bars.attr("width", (_, i) => (known ? Math.max(1, shares[i] * bw) : 0));
    pct.text((_, i) => (known ? `${(shares[i] * 100).toFixed(shares[i] < 0.1 ? 1 : 0)} %` : "–"));
    loopLabel.text(`repeat × ${substeps} substep${substeps === 1 ? "" : "s"} per frame${known ? "" : " (no GPU timestamps here: order only)"}`);
  }
  render();

  const diagram: PipelineDiagram = {
    element: svg.node()!,
    setShares(s) {
      if (!s) {
        known = false;
        shares = phases.map(() => 1 / n);
      } else {
        const raw = phases.map((p) => Math.max(0, s[p.key] ?? 0));
        const total = raw.reduce((a, b) => a + b, 0);
        known = total > 0;
        shares = known ? raw.map((v) => v / total) : phases.map(() => 1 / n);
      }
      render();
    },
    setSubsteps(k) {
      substeps = k;
      render();
    },
    tick(now) {
      // each box stays lit for its share of the cycle (a floor keeps tiny passes visible)
      const dwell = shares.map((s) => Math.max(s, 0.04));
      const total = dwell.reduce((a, b) => a + b, 0);
      let t = ((now % cycle) / cycle) * total;
      let i = 0;
      while (i < n - 1 && t > dwell[i]) t -= dwell[i++];
      const key = phases[i].key;
      if (key !== lit) {
        lit = key;
        g.classed("lit", (d) => d.key === key);
      }
    },
    get lit() {
      return lit;
    },
  };
  return diagram;
}

// @vitest-environment jsdom
// The §2 probe widget mounted in jsdom on the Dawn device (tests/helpers/widget-dom.ts): the tree
// built on the GPU, the probe dragged and moved by the arrow keys, θ = 0 the exact sum. This was
// a browser test (tests/e2e/gravity.spec.ts keeps the error chart). jsdom has no layout: the
// harness's `layout` option gives the stage a width and the canvas the size the stage sets in its
// inline style, so the pointer maps through that box as in a page (the canvas at client (0, 0)).
import {describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {type BHProbeValue, createBHProbe} from "../../components/widgets/bh-probe/index.js";
import {widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom({layout: {width: 880}});
/** Waits (real time: the GPU's tree build and readback). */
const GPU_WAIT = {timeout: 60_000, interval: 20};
const setRange = (root: Element, name: string, v: number) => {
  const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  input.value = String(v);
  input.dispatchEvent(new Event("input", {bubbles: true}));
};

describe("bh-probe widget on the Dawn device", () => {
  it("the probe: the tree comes from the GPU; dragging and arrow keys change the interactions; θ = 0 is the exact sum", async () => {
    const el = dom.mount(createBHProbe({wgsl: nodeWGSL, acquire: dom.acquire}));
    /** `.value` as the browser test read it: a JSON copy. */
    const value = (): BHProbeValue => JSON.parse(JSON.stringify(el.value));
    await expect.poll(() => value().interactions, GPU_WAIT).toBeGreaterThan(0);
    const v0 = value();
    expect(v0).toMatchObject({theta: 0.5, probe: [1.2, 0.6], exactInteractions: 599});
    expect(v0.interactions).toBeLessThan(599);
    expect(v0.opened).toBeGreaterThan(0);
    expect(v0.approximated).toBeGreaterThan(0);
    expect(el.querySelector(".widget-status")?.textContent).toContain("built the tree");
    expect(el.dataset.engine).toBe("gpu");

    // drag the probe to the middle of the cluster (the world origin), found as the browser test
    // found it: the probe jumps to where one presses, so two clicks give the origin's pixel
    const canvas = el.querySelector("canvas")!;
    const box = canvas.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(100);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const click = (x: number, y: number) => (dom.pointer(canvas, "pointerdown", x, y), dom.pointer(canvas, "pointerup", x, y));
    click(cx, cy);
    const pc = value().probe;
    click(cx + 100, cy);
    const perPx = (value().probe[0] - pc[0]) / 100; // world units per CSS px
    expect(perPx).toBeGreaterThan(0);
    const [x0, y0] = [box.x + box.width * 0.8, box.y + box.height * 0.2];
    const [x1, y1] = [cx - pc[0] / perPx, cy + pc[1] / perPx];
    dom.pointer(canvas, "pointermove", x0, y0);
    dom.pointer(canvas, "pointerdown", x0, y0);
    for (let i = 1; i <= 5; i++) dom.pointer(canvas, "pointermove", x0 + ((x1 - x0) * i) / 5, y0 + ((y1 - y0) * i) / 5);
    dom.pointer(canvas, "pointerup", x1, y1);
    const v1 = value();
    expect(Math.hypot(v1.probe[0], v1.probe[1])).toBeLessThan(0.1);
    expect(v1.interactions).not.toBe(v0.interactions);
    expect(v1.interactions).toBeGreaterThan(v0.interactions);

    // arrow keys move it by 0.05
    canvas.focus();
    dom.press("ArrowRight");
    const v2 = value();
    expect(v2.probe[0]).toBeCloseTo(v1.probe[0] + 0.05, 6);

    // θ = 0 opens every cell: the exact N − 1 terms
    setRange(el, "bh-probe-theta", 0);
    expect(value()).toMatchObject({theta: 0, approximated: 0, interactions: 599});
  });
});

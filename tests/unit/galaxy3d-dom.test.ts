// @vitest-environment jsdom
// The 3D galaxy mounted in jsdom on the Dawn device (tests/helpers/widget-dom.ts): the octree
// pipeline on the GPU with sane `.value` figures; paused, a drag and the arrow keys on the focused
// canvas turn the camera, and the picture the GPU draws changes (read back from the canvas's
// texture: the harness's `canvas` option) while the arrow keys' default action, the page's
// scroll, is prevented. This was a browser test (tests/e2e/galaxy3d.spec.ts); the wheel and the
// zoom keys on the gravity page stay there (gravity-page.spec.ts). jsdom has no layout: the
// harness's `layout` option gives the stage a width, the canvas a size and its box at (0, 0).
import {afterEach, describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {createGalaxy3D} from "../../components/widgets/galaxy-3d/index.js";
import {widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom({layout: {width: 880}});
/** Waits in real time (the GPU's pipelines, steps and readbacks), running a frame at each poll. */
const GPU_WAIT = {timeout: 120_000, interval: 20};
const framed =
  <T>(read: () => T) =>
  async () => (await dom.frames(1), read());
/** Distinct colours of a canvas's bytes (4 a pixel; a blank picture has 1–2). */
const distinctColours = (px: Uint8Array) => {
  const seen = new Set<number>();
  for (let i = 0; i < px.length; i += 4) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
  return seen.size;
};
const same = (a: Uint8Array | null, b: Uint8Array | null) => !!a && !!b && a.length === b.length && a.every((v, i) => v === b[i]);

afterEach(() => localStorage.removeItem("ns-engine"));

describe("galaxy-3d widget on the Dawn device", () => {
  it("galaxy-3d runs the octree on the GPU; drag and arrow keys turn the view", async () => {
    // the browser tests' page-wide choice of the GPU kernels on SwiftShader (playwright.config.ts)
    localStorage.setItem("ns-engine", "gpu");
    const el = dom.mount(createGalaxy3D({count: 1500, stepsPerFrame: 1, wgsl: nodeWGSL, acquire: dom.acquire}));
    const value = () => JSON.parse(JSON.stringify(el.value));
    await expect
      .poll(
        framed(() => value().energyDrift),
        GPU_WAIT
      )
      .not.toBeNull();
    await expect
      .poll(
        framed(() => value().stepMs),
        GPU_WAIT
      )
      .toBeGreaterThan(0);
    const v = value();
    expect(v).toMatchObject({count: 1500, theta: 0.5, scene: "collision", engine: "gpu", colour: "galaxy"});
    expect(Math.abs(v.energyDrift)).toBeLessThan(0.05);
    const canvas = el.querySelector("canvas")!;
    // paused, the picture changes only when the camera does (a paused widget redraws on a camera change)
    dom.click(el.querySelector("button.play-toggle")!);
    expect(el.querySelector("button.play-toggle")!.textContent).toBe("Play");
    const device = (await dom.acquire())!.device;
    await dom.frames(2);
    await device.queue.onSubmittedWorkDone();
    const frames = el.__frames();
    const before = await dom.pixels(canvas);
    expect(before).not.toBeNull();
    expect(distinctColours(before!)).toBeGreaterThan(10);
    const box = canvas.getBoundingClientRect();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    dom.pointer(canvas, "pointermove", x, y);
    dom.pointer(canvas, "pointerdown", x, y);
    for (let i = 1; i <= 6; i++) dom.pointer(canvas, "pointermove", x + 20 * i, y + (40 * i) / 6);
    dom.pointer(canvas, "pointerup", x + 120, y + 40);
    canvas.focus();
    // the arrow keys turn the view instead of scrolling the page: their default action is prevented
    const keys: KeyboardEvent[] = [];
    const seen = (e: KeyboardEvent) => e.type === "keydown" && keys.push(e);
    window.addEventListener("keydown", seen, {capture: true});
    dom.press("ArrowUp");
    dom.press("ArrowLeft");
    window.removeEventListener("keydown", seen, {capture: true});
    expect(keys.map((e) => [e.key, e.defaultPrevented])).toEqual([
      ["ArrowUp", true],
      ["ArrowLeft", true],
    ]);
    await expect
      .poll(async () => {
        await dom.frames(1);
        await device.queue.onSubmittedWorkDone();
        return same(await dom.pixels(canvas), before);
      }, GPU_WAIT)
      .toBe(false);
    // still paused: the change was the camera's, not a step
    expect(value().engine).toBe("gpu");
    expect(el.__frames()).toBe(frames);
  });
});

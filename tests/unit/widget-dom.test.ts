// @vitest-environment jsdom
// The widget harness's own checks (tests/helpers/widget-dom.ts): a fake that did not do what a
// browser does would let a widget's test pass on behaviour no reader gets.
import {describe, expect, it} from "vitest";
import {readBuffers} from "../../components/gpu/readback.js";
import {widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom();

describe("widget-dom harness", () => {
  it("a canvas's WebGPU context draws into a texture of the canvas's size, readable by a copy", async () => {
    const device = (await dom.acquire())!.device;
    const canvas = document.createElement("canvas");
    canvas.width = 8;
    canvas.height = 4;
    const ctx = canvas.getContext("webgpu")!;
    expect(canvas.getContext("webgpu")).toBe(ctx);
    ctx.configure({device, format: navigator.gpu.getPreferredCanvasFormat(), alphaMode: "opaque"});
    const texture = ctx.getCurrentTexture();
    expect([texture.width, texture.height]).toEqual([8, 4]);
    const out = device.createBuffer({size: 256 * 4, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC});
    const enc = device.createCommandEncoder();
    const pass = enc.beginRenderPass({colorAttachments: [{view: texture.createView(), loadOp: "clear", storeOp: "store", clearValue: [1, 0, 0, 1]}]});
    pass.end();
    enc.copyTextureToBuffer({texture}, {buffer: out, bytesPerRow: 256}, [8, 4]);
    device.queue.submit([enc.finish()]);
    const [bytes] = await readBuffers(device, [{buffer: out, size: 256 * 4}]);
    out.destroy();
    const px = new Uint8Array(bytes, 0, 4);
    // red in either byte order (bgra8unorm or rgba8unorm), opaque
    expect([Math.max(px[0], px[2]), Math.min(px[0], px[2]), px[1], px[3]]).toEqual([255, 0, 0, 255]);
    canvas.width = 16;
    expect(ctx.getCurrentTexture().width).toBe(16);
  });

  it("keys: Enter and Space click a focused button unless a handler prevents it; Tab skips what cannot take focus", () => {
    const box = document.createElement("div");
    const clicks: string[] = [];
    const b = (name: string) => Object.assign(document.createElement("button"), {textContent: name, onclick: () => clicks.push(name)});
    const [one, off, two, hid, three] = ["one", "off", "two", "hid", "three"].map(b);
    off.disabled = true;
    const p = document.createElement("p");
    p.hidden = true;
    p.append(hid);
    box.append(one, off, two, p, three);
    document.body.append(box);
    one.focus();
    dom.press("Enter");
    dom.press("Tab");
    expect(document.activeElement).toBe(two);
    dom.press("Space");
    two.addEventListener("keydown", (e) => e.preventDefault());
    dom.press("Enter");
    dom.press("Tab");
    expect(document.activeElement).toBe(three);
    expect(clicks).toEqual(["one", "two"]);
    box.remove();
  });

  it("frames run only when the test asks; out of view and reduced motion reach their observers", async () => {
    const el = document.createElement("div");
    document.body.append(el);
    const seen: string[] = [];
    requestAnimationFrame((now) => seen.push(`frame at ${Math.round(now)}`));
    const io = new IntersectionObserver((entries) => seen.push(`in view ${entries[0].isIntersecting}`));
    io.observe(el);
    const mq = matchMedia("(prefers-reduced-motion: reduce)");
    mq.addEventListener("change", () => seen.push(`reduce ${mq.matches}`));
    await Promise.resolve();
    expect(seen).toEqual(["in view true"]);
    dom.setInView(el, false);
    dom.setReducedMotion(true);
    await dom.frames(1);
    expect(seen.slice(1, 3)).toEqual(["in view false", "reduce true"]);
    expect(seen[3]).toMatch(/^frame at \d+$/);
    io.disconnect();
    el.remove();
  });
});

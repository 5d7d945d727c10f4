/**
 * PointRenderer: 3D bodies drawn straight from a `pos`/`vel` buffer pair (16 bytes a body each;
 * the 3D gravity engines' layout) as additive billboards (shaders/gravity3d/points.wgsl), through the orbit camera's matrix.
 * Nothing is read back to draw. The same look rules as BodyRenderer (components/sim/): light
 * added onto the night sky, or darker ink laid over a light page.
 */
import {fitBackingStore} from "./backing-store.js";
import {SKY} from "./body-renderer.js";
import type {ResourceScope} from "../gpu/scope.js";
import {ShaderStage, Usage} from "../gpu/usage.js";
import type {WGSLLoader} from "../gpu/wgsl.js";

interface PointStyle {
  radiusPx: number;
  alpha: number;
  speedRange: [number, number];
  byGalaxy: boolean;
  heavyMass: number;
}

const UNIFORM_BYTES = 128;

export class PointRenderer {
  private uniform: GPUBuffer;
  private group: {pos: GPUBuffer; vel: GPUBuffer; bg: GPUBindGroup} | null = null;
  private context: GPUCanvasContext;
  private ink = false;
  clearColor: [number, number, number, number] = SKY;

  private constructor(
    readonly device: GPUDevice,
    readonly scope: ResourceScope,
    readonly canvas: HTMLCanvasElement,
    private pipelines: {add: GPURenderPipeline; over: GPURenderPipeline},
    private layout: GPUBindGroupLayout,
    format: GPUTextureFormat
  ) {
    this.uniform = scope.buffer({label: "points-view", size: UNIFORM_BYTES, usage: Usage.UNIFORM | Usage.COPY_DST});
    const ctx = canvas.getContext("webgpu") as GPUCanvasContext | null;
    if (!ctx) throw new Error("this canvas has no WebGPU context (is it already used by a 2D context?)");
    this.context = ctx;
    ctx.configure({device, format, alphaMode: "premultiplied"});
    scope.onDispose(() => {
      this.group = null;
      try {
        ctx.unconfigure();
      } catch {
        /* device already lost */
      }
    });
  }

  /** Compiles the pipelines and configures `canvas`, in a child scope. Rejects if the WGSL fails or the canvas has no WebGPU context. */
  static async create(device: GPUDevice, parentScope: ResourceScope, o: {canvas: HTMLCanvasElement; wgsl: WGSLLoader}): Promise<PointRenderer> {
    const format: GPUTextureFormat = (navigator as any).gpu.getPreferredCanvasFormat();
    const scope = parentScope.child(device);
    try {
      const code = await o.wgsl("gravity3d/points.wgsl");
      const module = device.createShaderModule({label: "gravity3d/points.wgsl", code});
      const layout = device.createBindGroupLayout({
        label: "points",
        entries: [
          {binding: 0, visibility: ShaderStage.VERTEX, buffer: {type: "uniform"}},
          {binding: 1, visibility: ShaderStage.VERTEX, buffer: {type: "read-only-storage"}},
          {binding: 2, visibility: ShaderStage.VERTEX, buffer: {type: "read-only-storage"}},
        ],
      });
      const pl = device.createPipelineLayout({bindGroupLayouts: [layout]});
      const make = (label: string, blend: GPUBlendComponent) =>
        device.createRenderPipelineAsync({
          label,
          layout: pl,
          vertex: {module, entryPoint: "vs"},
          fragment: {module, entryPoint: "fs", targets: [{format, blend: {color: blend, alpha: blend}}]},
          primitive: {topology: "triangle-list"},
        });
      const [add, over] = await Promise.all([
        make("points-add", {srcFactor: "one", dstFactor: "one", operation: "add"}),
        make("points-over", {srcFactor: "one", dstFactor: "one-minus-src-alpha", operation: "add"}),
      ]);
      const r = new PointRenderer(device, scope, o.canvas, {add, over}, layout, format);
      r.resize();
      return r;
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /** Light page (ink over `clear`) or the night sky (additive light). */
  setLook(look: {ink: boolean; clear: [number, number, number, number]}) {
    this.ink = look.ink;
    this.clearColor = look.clear;
  }

  /** Backing store = CSS size × devicePixelRatio; false while the canvas has no size. */
  resize(): boolean {
    if (this.scope.disposed) return false;
    return fitBackingStore(this.canvas);
  }

  /** Records one render pass: clear, then `count` bodies. RangeError for a count the buffers do not hold. */
  encode(enc: GPUCommandEncoder, pos: GPUBuffer, vel: GPUBuffer, count: number, viewProj: Float32Array, style: PointStyle) {
    if (this.scope.disposed || this.canvas.width === 0 || this.canvas.height === 0) return;
    if (!(Number.isInteger(count) && count >= 0 && count * 16 <= pos.size && count * 16 <= vel.size))
      throw new RangeError(`${count} bodies do not fit the buffers`);
    const f = new Float32Array(UNIFORM_BYTES / 4);
    f.set(viewProj, 0);
    f.set([this.canvas.width, this.canvas.height, style.speedRange[0], style.speedRange[1]], 16);
    f.set([style.radiusPx, style.alpha, style.byGalaxy ? 1 : 0, this.ink ? 1 : 0, style.heavyMass], 20);
    this.device.queue.writeBuffer(this.uniform, 0, f);
    if (this.group?.pos !== pos || this.group.vel !== vel) {
      const bg = this.device.createBindGroup({
        label: "points",
        layout: this.layout,
        entries: [
          {binding: 0, resource: {buffer: this.uniform}},
          {binding: 1, resource: {buffer: pos}},
          {binding: 2, resource: {buffer: vel}},
        ],
      });
      this.group = {pos, vel, bg};
    }
    const [r, g, b, a] = this.clearColor;
    const pass = enc.beginRenderPass({
      label: "points",
      colorAttachments: [{view: this.context.getCurrentTexture().createView(), loadOp: "clear", storeOp: "store", clearValue: {r, g, b, a}}],
    });
    if (count > 0) {
      pass.setPipeline(this.ink ? this.pipelines.over : this.pipelines.add);
      pass.setBindGroup(0, this.group.bg);
      pass.draw(6, count);
    }
    pass.end();
  }
}

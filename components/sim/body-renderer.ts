/**
 * BodyRenderer: draws the gravity pipeline's bodies (components/gravity/gpu.ts) straight
 * from its storage buffers `pm` (x, y, mass, id) and `va` (vx, vy, ax, ay) onto a WebGPU
 * canvas — the same approach as DiscRenderer (instanced quads read from a storage buffer,
 * no CPU copy), with the gravity layout and additive blending so dense regions glow.
 * Shader: shaders/render/bodies.wgsl.
 *
 *   const r = await BodyRenderer.create(device, scope, {canvas, wgsl});
 *   if (r.resize()) r.encode(enc, g.pm, g.va, g.count, view, {radiusPx: 1.5, alpha: 0.6, speedRange: [0, 1.5]});
 *
 * Why a second renderer instead of DiscRenderer: DiscRenderer reads 24-byte Particle
 * structs; repacking the 16-byte vec4 bodies every frame would cost a pass and a buffer.
 */
import {fitBackingStore} from "./backing-store.js";
import type {ResourceScope} from "../gpu/scope.js";
import {ShaderStage, Usage} from "../gpu/usage.js";
import type {WGSLLoader} from "../gpu/wgsl.js";
import type {WorldView} from "./renderer.js";

export interface BodyStyle {
  /** Disc radius in device pixels (> 0). */
  radiusPx: number;
  /** Opacity of one body, 0..1 (bodies add up). */
  alpha: number;
  /** Speeds (world units per time unit) at the two ends of the colour ramp. */
  speedRange: [number, number];
  /** Bodies heavier than this are drawn three times larger (default: never). */
  heavyMass?: number;
  /** true: every body's radius is radiusPx · √mass (the dust: discs of one surface density; a mass-0 slot vanishes); heavyMass is then ignored. */
  sizeByMass?: boolean;
}

const UNIFORM_BYTES = 48;
/** The night-sky background of the gravity canvases (sRGB 0..1, opaque). */
export const SKY: [number, number, number, number] = [0.035, 0.04, 0.075, 1];

export class BodyRenderer {
  private uniform: GPUBuffer;
  // the bind group of the last (pm, va) pair: a new pipeline after a rebuild brings new buffers
  private group: {pm: GPUBuffer; va: GPUBuffer; bg: GPUBindGroup} | null = null;
  private context: GPUCanvasContext;

  private constructor(
    readonly device: GPUDevice,
    readonly scope: ResourceScope,
    readonly canvas: HTMLCanvasElement,
    private pipeline: GPURenderPipeline,
    private layout: GPUBindGroupLayout,
    format: GPUTextureFormat,
    /** Opaque premultiplied background: bodies add light onto it. */
    public clearColor: [number, number, number, number],
    private inkPipeline: GPURenderPipeline
  ) {
    this.uniform = scope.buffer({label: "bodies-view", size: UNIFORM_BYTES, usage: Usage.UNIFORM | Usage.COPY_DST});
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

  /** Compiles the pipeline and configures `canvas`, in one child scope of `parentScope`. Rejects if the WGSL fails or the canvas has no WebGPU context. */
  static async create(
    device: GPUDevice,
    parentScope: ResourceScope,
    o: {canvas: HTMLCanvasElement; wgsl: WGSLLoader; clearColor?: [number, number, number, number]}
  ): Promise<BodyRenderer> {
    const format: GPUTextureFormat = (navigator as any).gpu.getPreferredCanvasFormat();
    const scope = parentScope.child(device);
    try {
      const code = await o.wgsl("render/bodies.wgsl");
      const module = device.createShaderModule({label: "render/bodies.wgsl", code});
      const layout = device.createBindGroupLayout({
        label: "bodies",
        entries: [
          {binding: 0, visibility: ShaderStage.VERTEX, buffer: {type: "uniform"}},
          {binding: 1, visibility: ShaderStage.VERTEX, buffer: {type: "read-only-storage"}},
          {binding: 2, visibility: ShaderStage.VERTEX, buffer: {type: "read-only-storage"}},
        ],
      });
      const add = {srcFactor: "one", dstFactor: "one", operation: "add"} as const;
      const over = {srcFactor: "one", dstFactor: "one-minus-src-alpha", operation: "add"} as const;
      const pipelineLayout = device.createPipelineLayout({bindGroupLayouts: [layout]});
      const make = (label: string, blend: GPUBlendComponent) =>
        device.createRenderPipelineAsync({
          label,
          layout: pipelineLayout,
          vertex: {module, entryPoint: "vs"},
          fragment: {module, entryPoint: "fs", targets: [{format, blend: {color: blend, alpha: blend}}]},
          primitive: {topology: "triangle-list"},
        });
      const [pipeline, inkPipeline] = await Promise.all([make("bodies", add), make("bodies-ink", over)]);
      const r = new BodyRenderer(device, scope, o.canvas, pipeline, layout, format, o.clearColor ?? SKY, inkPipeline);
      r.resize();
      return r;
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /**
   * Light or dark paper. Dark (the default): additive light on the night sky, so dense
   * regions glow. Light (`ink`): bodies are laid over `clear` as darker ink, since light
   * added onto a pale page would vanish into white.
   */
  private ink = false;
  setLook(look: {ink: boolean; clear: [number, number, number, number]}) {
    this.ink = look.ink;
    this.clearColor = look.clear;
  }

  /** Matches the backing store to CSS size × devicePixelRatio (≤ 4096 px); false while the canvas has no size (skip `encode`). */
  resize(): boolean {
    if (this.scope.disposed) return false;
    return fitBackingStore(this.canvas);
  }

  /**
   * Records one render pass (clear, then `count` bodies of `pm`/`va`) onto the canvas's
   * current texture; call it once per submit, after the compute passes. RangeError for a
   * bad count, view or style.
   */
  encode(enc: GPUCommandEncoder, pm: GPUBuffer, va: GPUBuffer, count: number, view: WorldView, style: BodyStyle) {
    if (this.scope.disposed || this.canvas.width === 0 || this.canvas.height === 0) return;
    if (!(Number.isInteger(count) && count >= 0 && count * 16 <= pm.size && count * 16 <= va.size))
      throw new RangeError(`${count} bodies do not fit the buffers`);
    if (!(view.x1 > view.x0 && view.y1 > view.y0)) throw new RangeError(`view must have x1 > x0 and y1 > y0, got ${JSON.stringify(view)}`);
    if (!(style.radiusPx > 0)) throw new RangeError(`radiusPx must be > 0, got ${style.radiusPx}`);
    const f = new Float32Array(UNIFORM_BYTES / 4);
    f.set([view.x0, view.y0, view.x1, view.y1, style.speedRange[0], style.speedRange[1], style.radiusPx, style.alpha]);
    f.set([this.canvas.width, this.canvas.height, style.sizeByMass ? -1 : (style.heavyMass ?? Number.MAX_VALUE), this.ink ? 1 : 0], 8);
    this.device.queue.writeBuffer(this.uniform, 0, f);
    if (this.group?.pm !== pm || this.group.va !== va) {
      const bg = this.device.createBindGroup({
        label: "bodies",
        layout: this.layout,
        entries: [
          {binding: 0, resource: {buffer: this.uniform}},
          {binding: 1, resource: {buffer: pm}},
          {binding: 2, resource: {buffer: va}},
        ],
      });
      this.group = {pm, va, bg};
    }
    const [r, g, b, a] = this.clearColor;
    const pass = enc.beginRenderPass({
      label: "bodies",
      colorAttachments: [{view: this.context.getCurrentTexture().createView(), loadOp: "clear", storeOp: "store", clearValue: {r, g, b, a}}],
    });
    if (count > 0) {
      pass.setPipeline(this.ink ? this.inkPipeline : this.pipeline);
      pass.setBindGroup(0, this.group.bg);
      pass.draw(6, count);
    }
    pass.end();
  }

  /** Unconfigures the canvas and releases the uniform (disposes its child scope; idempotent). */
  dispose() {
    this.scope.dispose();
  }
}

/**
 * FieldRenderer: draws a simulation's water as one body from its particle storage buffer (no
 * CPU copy): each particle splats a soft kernel into a density field at reduced resolution,
 * and one pass over the canvas keeps and shades the water where the field is above a
 * threshold (shaders/render/water_field.wgsl, whose comment says why). The hero's water uses
 * it at every count; the §5 demo keeps the discs of DiscRenderer, which show the particles.
 *
 *   const enc = device.createCommandEncoder();
 *   // … compute passes …
 *   if (renderer.resize()) renderer.encode(enc, particles, n, view, {radius, spacing, colorMode: "speed"});
 *   device.queue.submit([enc.finish()]);       // one submit per frame, two render passes in it
 *
 * `view` as for DiscRenderer (the world rectangle on the whole canvas, y up; fitView keeps
 * round kernels round). `encode` writes the renderer's one uniform buffer: once per submit.
 */
import {fitBackingStore} from "./backing-store.js";
import type {WorldView} from "./renderer.js";
import {composeWGSL, type WGSLLoader} from "../gpu/wgsl.js";
import type {ResourceScope} from "../gpu/scope.js";
import {ShaderStage, Usage} from "../gpu/usage.js";

interface FieldStyle {
  /** Kernel radius R in world units (> 0). */
  radius: number;
  /** The rest lattice's spacing in world units: the field of still water is πR²/(4·spacing²). */
  spacing: number;
  /** "speed": |vel| through the ramp over `scalarRange`; "scalar": `scalar[slot]`. */
  colorMode: "speed" | "scalar";
  scalar?: GPUBuffer;
  /** Values mapped to the two ends of the ramp (default [0, 1]). */
  scalarRange?: [number, number];
  /** The part of the ramp used (default [0, 1]), as for the discs. */
  rampSpan?: [number, number];
  /** Speed (world units/s) at which the water is drawn as foam (default 2). */
  foamSpeed?: number;
  /** The tank [x0, y0, x1, y1] (world units): the water meets its floor flat. Default: none (the view's rectangle, far out). */
  tank?: [number, number, number, number];
}

const UNIFORM_BYTES = 96; // FieldView in water_field.wgsl
/** Field texels across a kernel's radius: enough for a smooth field, few enough to keep the splats cheap. */
const TEXELS_PER_RADIUS = 5;
/** The field at the surface: a lone particle (peak 1) still shows, as a drop about half its kernel across. */
const THRESHOLD = 0.6;
const FIELD_FORMAT: GPUTextureFormat = "rgba16float";

/** The field texture's scale against the canvas for a kernel of `radiusPx` canvas pixels: 1/4 … 1. */
const fieldScale = (radiusPx: number) => Math.min(1, Math.max(0.25, TEXELS_PER_RADIUS / Math.max(radiusPx, 1e-6)));

/** Draws the water field into a WebGPU canvas. See the module comment for a frame. */
export class FieldRenderer {
  private context: GPUCanvasContext;
  private uniform: GPUBuffer;
  private dummyScalar: GPUBuffer;
  private sampler: GPUSampler;
  private fieldTex: GPUTexture | null = null;
  private shadeGroup: GPUBindGroup | null = null;
  private splatGroups = new Map<GPUBuffer, Map<GPUBuffer, GPUBindGroup>>();
  private staging = new ArrayBuffer(UNIFORM_BYTES);

  private constructor(
    readonly device: GPUDevice,
    readonly scope: ResourceScope,
    readonly canvas: HTMLCanvasElement,
    readonly format: GPUTextureFormat,
    private splat: GPURenderPipeline,
    private shade: GPURenderPipeline,
    private splatLayout: GPUBindGroupLayout,
    private shadeLayout: GPUBindGroupLayout
  ) {
    const ctx = canvas.getContext("webgpu") as GPUCanvasContext | null;
    if (!ctx) throw new Error("this canvas has no WebGPU context (is it already used by a 2D context?)");
    this.context = ctx;
    ctx.configure({device, format, alphaMode: "premultiplied"});
    this.uniform = scope.buffer({label: "field-view", size: UNIFORM_BYTES, usage: Usage.UNIFORM | Usage.COPY_DST});
    this.dummyScalar = scope.buffer({label: "field-no-scalar", size: 16, usage: Usage.STORAGE});
    this.sampler = device.createSampler({label: "field", magFilter: "linear", minFilter: "linear"});
    scope.onDispose(() => {
      this.fieldTex?.destroy();
      this.fieldTex = null;
      this.splatGroups.clear();
      try {
        ctx.unconfigure();
      } catch {
        /* device already lost */
      }
    });
  }

  /** Compiles both pipelines and configures `canvas`; its objects live in a child scope of `parentScope`. Rejects on a WGSL error. */
  static async create(device: GPUDevice, parentScope: ResourceScope, options: {canvas: HTMLCanvasElement; wgsl: WGSLLoader; format?: GPUTextureFormat}) {
    const format = options.format ?? (navigator as any).gpu.getPreferredCanvasFormat();
    const scope = parentScope.child(device);
    try {
      const code = await composeWGSL(options.wgsl, "common/particle.wgsl", "render/ramp.wgsl", "render/water_field.wgsl");
      const module = device.createShaderModule({label: "render/water_field.wgsl", code});
      const uniform = {binding: 0, visibility: ShaderStage.VERTEX | ShaderStage.FRAGMENT, buffer: {type: "uniform" as const}};
      const splatLayout = device.createBindGroupLayout({
        label: "field-splat",
        entries: [
          uniform,
          {binding: 1, visibility: ShaderStage.VERTEX, buffer: {type: "read-only-storage"}},
          {binding: 2, visibility: ShaderStage.VERTEX, buffer: {type: "read-only-storage"}},
        ],
      });
      const shadeLayout = device.createBindGroupLayout({
        label: "field-shade",
        entries: [
          uniform,
          {binding: 3, visibility: ShaderStage.FRAGMENT, texture: {sampleType: "float"}},
          {binding: 4, visibility: ShaderStage.FRAGMENT, sampler: {type: "filtering"}},
        ],
      });
      const add = {srcFactor: "one", dstFactor: "one", operation: "add"} as const;
      const [splat, shade] = await Promise.all([
        device.createRenderPipelineAsync({
          label: "field-splat",
          layout: device.createPipelineLayout({bindGroupLayouts: [splatLayout]}),
          vertex: {module, entryPoint: "splat_vs"},
          fragment: {module, entryPoint: "splat_fs", targets: [{format: FIELD_FORMAT, blend: {color: add, alpha: add}}]},
          primitive: {topology: "triangle-list"},
        }),
        device.createRenderPipelineAsync({
          label: "field-shade",
          layout: device.createPipelineLayout({bindGroupLayouts: [shadeLayout]}),
          vertex: {module, entryPoint: "shade_vs"},
          fragment: {module, entryPoint: "shade_fs", targets: [{format}]},
          primitive: {topology: "triangle-list"},
        }),
      ]);
      const r = new FieldRenderer(device, scope, options.canvas, format, splat, shade, splatLayout, shadeLayout);
      r.resize();
      return r;
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /** Matches the canvas's backing store to its CSS size (as DiscRenderer.resize); false while it has no size. */
  resize(): boolean {
    if (this.scope.disposed) return false;
    return fitBackingStore(this.canvas);
  }

  /** The field texture for a canvas of `w` × `h` at `scale`, made again only when its size changes. */
  private fieldTexture(w: number, h: number, scale: number): GPUTexture {
    const fw = Math.max(1, Math.ceil(w * scale)),
      fh = Math.max(1, Math.ceil(h * scale));
    if (this.fieldTex && this.fieldTex.width === fw && this.fieldTex.height === fh) return this.fieldTex;
    this.fieldTex?.destroy();
    this.fieldTex = this.device.createTexture({
      label: "water-field",
      size: [fw, fh],
      format: FIELD_FORMAT,
      usage: 0x10 /* RENDER_ATTACHMENT */ | 0x04 /* TEXTURE_BINDING */,
    });
    this.shadeGroup = this.device.createBindGroup({
      label: "field-shade",
      layout: this.shadeLayout,
      entries: [
        {binding: 0, resource: {buffer: this.uniform}},
        {binding: 3, resource: this.fieldTex.createView()},
        {binding: 4, resource: this.sampler},
      ],
    });
    return this.fieldTex;
  }

  private splatGroup(particles: GPUBuffer, scalar: GPUBuffer): GPUBindGroup {
    let byScalar = this.splatGroups.get(particles);
    if (!byScalar) {
      if (this.splatGroups.size > 8) this.splatGroups.clear(); // buffers were replaced: drop stale groups
      this.splatGroups.set(particles, (byScalar = new Map()));
    }
    let bg = byScalar.get(scalar);
    if (!bg) {
      bg = this.device.createBindGroup({
        label: "field-splat",
        layout: this.splatLayout,
        entries: [
          {binding: 0, resource: {buffer: this.uniform}},
          {binding: 1, resource: {buffer: particles}},
          {binding: 2, resource: {buffer: scalar}},
        ],
      });
      byScalar.set(scalar, bg);
    }
    return bg;
  }

  /**
   * Records the two render passes (splat into the field, shade onto the canvas's current
   * texture) for `count` particles of `particles`. Does nothing when the canvas has no size.
   * Throws a RangeError on a bad radius, spacing, count or view, or a missing scalar buffer.
   */
  encode(encoder: GPUCommandEncoder, particles: GPUBuffer, count: number, view: WorldView, style: FieldStyle): void {
    if (this.scope.disposed || this.canvas.width === 0 || this.canvas.height === 0) return;
    if (!(style.radius > 0 && style.spacing > 0)) throw new RangeError(`field radius and spacing must be positive, got ${style.radius}, ${style.spacing}`);
    if (!(Number.isInteger(count) && count >= 0)) throw new RangeError(`field count must be an integer ≥ 0, got ${count}`);
    if (!(view.x1 > view.x0 && view.y1 > view.y0)) throw new RangeError(`view must have x1 > x0 and y1 > y0, got ${JSON.stringify(view)}`);
    if (count * 24 > particles.size) throw new RangeError(`${count} particles do not fit a ${particles.size} B buffer`);
    const scalar = style.colorMode === "scalar" ? style.scalar : this.dummyScalar;
    if (!scalar) throw new RangeError('colorMode "scalar" needs a scalar buffer');
    const {width: w, height: h} = this.canvas;
    const pxPerWorld = w / (view.x1 - view.x0);
    const tex = this.fieldTexture(w, h, fieldScale(style.radius * pxPerWorld));
    const f = new Float32Array(this.staging);
    const u = new Uint32Array(this.staging);
    const [lo, hi] = style.scalarRange ?? [0, 1];
    const full = (Math.PI * style.radius ** 2) / (4 * style.spacing ** 2);
    f.set([view.x0, view.y0, view.x1, view.y1, style.radius]);
    u[5] = style.colorMode === "scalar" ? 2 : 1;
    [f[6], f[7]] = [lo, hi];
    [f[8], f[9]] = style.rampSpan ?? [0, 1];
    f[10] = Math.min(THRESHOLD, 0.4 * full);
    f[11] = full;
    f[12] = style.foamSpeed ?? 2;
    // the depth taps two kernels apart, in the texture's v
    f[13] = (2 * style.radius) / (view.y1 - view.y0);
    [f[14], f[15]] = [w, h];
    const far = 1e6;
    f.set(style.tank ?? [-far, -far, far, far], 16);
    f[20] = style.spacing;
    this.device.queue.writeBuffer(this.uniform, 0, this.staging);

    const splat = encoder.beginRenderPass({
      label: "field-splat",
      colorAttachments: [{view: tex.createView(), loadOp: "clear", storeOp: "store", clearValue: {r: 0, g: 0, b: 0, a: 0}}],
    });
    if (count > 0) {
      splat.setPipeline(this.splat);
      splat.setBindGroup(0, this.splatGroup(particles, scalar));
      splat.draw(6, count);
    }
    splat.end();
    const shade = encoder.beginRenderPass({
      label: "field-shade",
      colorAttachments: [{view: this.context.getCurrentTexture().createView(), loadOp: "clear", storeOp: "store", clearValue: {r: 0, g: 0, b: 0, a: 0}}],
    });
    shade.setPipeline(this.shade);
    shade.setBindGroup(0, this.shadeGroup!);
    shade.draw(3);
    shade.end();
  }

  /** Unconfigures the canvas and releases the GPU objects (disposes its child scope; idempotent). */
  dispose(): void {
    this.scope.dispose();
  }
}

/**
 * DiscRenderer: draws every particle of a simulation as an instanced, anti-aliased disc
 * straight from the particle storage buffer (the data stays on the GPU — no CPU
 * copy of particles, ever). Shader: shaders/render/discs.wgsl (after common/particle.wgsl and render/ramp.wgsl).
 *
 * Shared by the sand (§4) and water (§5, hero) widgets. Typical frame:
 *
 *   const enc = device.createCommandEncoder();
 *   // … compute passes of all substeps …
 *   if (renderer.resize()) renderer.encode(enc, particles, n, view, {radius, colorMode: "speed"});
 *   device.queue.submit([enc.finish()]);       // one submit per frame
 *
 * Coordinates: `view` is the world rectangle shown on the whole canvas, y up
 * (x0, y0 = lower-left corner, x1, y1 = upper-right). Discs stay round when the view has
 * the canvas's aspect ratio: build it with `fitView` (components/sim/pointer.ts), which
 * is also what maps pointer events back to the world, so drawing and pointer agree.
 *
 * `encode` writes the renderer's single uniform buffer: call it at most once per submit.
 */
import {fitBackingStore} from "./backing-store.js";
import {composeWGSL, type WGSLLoader} from "../gpu/wgsl.js";
import type {ResourceScope} from "../gpu/scope.js";
import {ShaderStage, Usage} from "../gpu/usage.js";

/** World rectangle drawn on the canvas (world units, y up). */
export interface WorldView {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface DiscStyle {
  /** Disc radius in world units (> 0). */
  radius: number;
  /**
   * "id": colour from `palette` by a hash of the particle's id (stable while the sort
   * reorders slots); "speed": |vel| through a viridis ramp over `scalarRange` (default
   * [0, 1] world units/s); "scalar": `scalar[slot]` through the ramp over `scalarRange`.
   */
  colorMode: "id" | "speed" | "scalar";
  /** f32 per particle slot (same order as `particles`), required for "scalar". */
  scalar?: GPUBuffer;
  /** Values mapped to the two ends of the ramp (default [0, 1]). */
  scalarRange?: [number, number];
  /** Up to 8 sRGB colours [r, g, b] in 0..1 for "id" mode (default: a muted categorical set). */
  palette?: [number, number, number][];
  /** Smallest drawn radius in device pixels (default 0.9), so tiny grains stay visible when zoomed out. */
  minPixelRadius?: number;
  /** The part [lo, hi] ⊆ [0, 1] of the ramp that modes "speed" and "scalar" use (default [0, 1]): the end too faint on the theme's background is left out. */
  rampSpan?: [number, number];
}

interface DiscRendererOptions {
  canvas: HTMLCanvasElement;
  wgsl: WGSLLoader;
  /** Canvas texture format (default: navigator.gpu.getPreferredCanvasFormat()). */
  format?: GPUTextureFormat;
  /** Background colour, premultiplied RGBA 0..1 (default transparent: the page shows through). */
  clearColor?: [number, number, number, number];
}

const UNIFORM_BYTES = 176; // DiscView in discs.wgsl: 48 B of fields + 8 × vec4 palette
const DEFAULT_PALETTE: [number, number, number][] = [
  [0.27, 0.41, 0.69],
  [0.89, 0.47, 0.2],
  [0.33, 0.62, 0.36],
  [0.8, 0.33, 0.35],
  [0.55, 0.45, 0.7],
  [0.55, 0.4, 0.33],
  [0.85, 0.55, 0.7],
  [0.5, 0.62, 0.75],
];
const MODES = {id: 0, speed: 1, scalar: 2} as const;

/** The parts of the renderer that do not depend on a canvas (also used off-screen in tests). */
export class DiscPainter {
  private uniform: GPUBuffer;
  private dummyScalar: GPUBuffer;
  private bindGroups = new Map<string, GPUBindGroup>();
  private ids = new WeakMap<GPUBuffer, number>();
  private nextId = 1;
  private staging = new ArrayBuffer(UNIFORM_BYTES);

  private constructor(
    readonly device: GPUDevice,
    /** This painter's own child scope: its uniform and placeholder buffers live in it. */
    readonly scope: ResourceScope,
    readonly format: GPUTextureFormat,
    private pipeline: GPURenderPipeline,
    private layout: GPUBindGroupLayout,
    readonly clearColor: [number, number, number, number]
  ) {
    this.uniform = scope.buffer({label: "discs-view", size: UNIFORM_BYTES, usage: Usage.UNIFORM | Usage.COPY_DST});
    this.dummyScalar = scope.buffer({label: "discs-no-scalar", size: 16, usage: Usage.STORAGE});
    scope.onDispose(() => this.bindGroups.clear());
  }

  /**
   * Compiles the disc pipeline for `format` and allocates the painter's buffers in one
   * child scope of `parentScope`. Errors: rejects if the WGSL fails to compile.
   */
  static async create(
    device: GPUDevice,
    parentScope: ResourceScope,
    wgsl: WGSLLoader,
    format: GPUTextureFormat,
    clearColor: [number, number, number, number] = [0, 0, 0, 0]
  ): Promise<DiscPainter> {
    const code = await composeWGSL(wgsl, "common/particle.wgsl", "render/ramp.wgsl", "render/discs.wgsl");
    const module = device.createShaderModule({label: "render/discs.wgsl", code});
    const layout = device.createBindGroupLayout({
      label: "discs",
      entries: [
        {binding: 0, visibility: ShaderStage.VERTEX | ShaderStage.FRAGMENT, buffer: {type: "uniform"}},
        {binding: 1, visibility: ShaderStage.VERTEX, buffer: {type: "read-only-storage"}},
        {binding: 2, visibility: ShaderStage.VERTEX, buffer: {type: "read-only-storage"}},
      ],
    });
    const pipeline = await device.createRenderPipelineAsync({
      label: "discs",
      layout: device.createPipelineLayout({bindGroupLayouts: [layout]}),
      vertex: {module, entryPoint: "vs"},
      fragment: {
        module,
        entryPoint: "fs",
        targets: [
          {
            format,
            blend: {
              color: {srcFactor: "one", dstFactor: "one-minus-src-alpha", operation: "add"},
              alpha: {srcFactor: "one", dstFactor: "one-minus-src-alpha", operation: "add"},
            },
          },
        ],
      },
      primitive: {topology: "triangle-list"},
    });
    return new DiscPainter(device, parentScope.child(device), format, pipeline, layout, clearColor);
  }

  private idOf(b: GPUBuffer) {
    let id = this.ids.get(b);
    if (!id) this.ids.set(b, (id = this.nextId++));
    return id;
  }

  /**
   * Records one render pass into `target` that clears it and draws `count` discs from
   * `particles` (24-byte Particle structs; slots 0..count-1). Throws a RangeError on a
   * bad radius/count/view or a missing scalar buffer in "scalar" mode. `targetWidth`:
   * the target's width in pixels (for the edge and `minPixelRadius`).
   */
  encodeTo(encoder: GPUCommandEncoder, target: GPUTextureView, targetWidth: number, particles: GPUBuffer, count: number, view: WorldView, style: DiscStyle) {
    if (this.scope.disposed) throw new Error("DiscPainter used after dispose()");
    if (!(style.radius > 0) || !Number.isFinite(style.radius)) throw new RangeError(`disc radius must be a positive number, got ${style.radius}`);
    if (!(Number.isInteger(count) && count >= 0)) throw new RangeError(`disc count must be an integer ≥ 0, got ${count}`);
    if (!(view.x1 > view.x0 && view.y1 > view.y0)) throw new RangeError(`view must have x1 > x0 and y1 > y0, got ${JSON.stringify(view)}`);
    if (count * 24 > particles.size) throw new RangeError(`${count} particles do not fit a ${particles.size} B buffer`);
    const mode = MODES[style.colorMode];
    if (mode === undefined) throw new RangeError(`unknown colorMode ${style.colorMode}`);
    const scalar = mode === 2 ? style.scalar : this.dummyScalar;
    if (!scalar) throw new RangeError('colorMode "scalar" needs a scalar buffer');
    if (mode === 2 && count * 4 > scalar.size) throw new RangeError(`${count} scalars do not fit a ${scalar.size} B buffer`);

    const f = new Float32Array(this.staging);
    const u = new Uint32Array(this.staging);
    const [lo, hi] = style.scalarRange ?? [0, 1];
    const palette = (style.palette ?? DEFAULT_PALETTE).slice(0, 8);
    const pxPerWorld = targetWidth / (view.x1 - view.x0);
    const radius = Math.max(style.radius, (style.minPixelRadius ?? 0.9) / pxPerWorld);
    f.set([view.x0, view.y0, view.x1, view.y1, radius]);
    u[5] = mode;
    f[6] = lo;
    f[7] = hi;
    u[8] = Math.max(1, palette.length);
    f[9] = pxPerWorld;
    [f[10], f[11]] = style.rampSpan ?? [0, 1];
    palette.forEach((c, i) => f.set([c[0], c[1], c[2], 1], 12 + i * 4));
    this.device.queue.writeBuffer(this.uniform, 0, this.staging);

    const key = `${this.idOf(particles)}:${this.idOf(scalar)}`;
    let bg = this.bindGroups.get(key);
    if (!bg) {
      bg = this.device.createBindGroup({
        label: "discs",
        layout: this.layout,
        entries: [
          {binding: 0, resource: {buffer: this.uniform}},
          {binding: 1, resource: {buffer: particles}},
          {binding: 2, resource: {buffer: scalar}},
        ],
      });
      if (this.bindGroups.size > 16) this.bindGroups.clear(); // buffers were replaced: drop stale groups
      this.bindGroups.set(key, bg);
    }
    const [r, g, b, a] = this.clearColor;
    const pass = encoder.beginRenderPass({
      label: "discs",
      colorAttachments: [{view: target, loadOp: "clear", storeOp: "store", clearValue: {r, g, b, a}}],
    });
    if (count > 0) {
      pass.setPipeline(this.pipeline);
      pass.setBindGroup(0, bg);
      pass.draw(6, count);
    }
    pass.end();
  }

  /** Releases the uniform and cached bind groups (disposes its child scope; idempotent). */
  dispose() {
    this.scope.dispose();
  }
}

/** Draws particle discs into a WebGPU canvas. See the module comment for a frame. */
export class DiscRenderer {
  private context: GPUCanvasContext;

  private constructor(
    /** This renderer's own child scope (the painter's parent too). */
    readonly scope: ResourceScope,
    readonly canvas: HTMLCanvasElement,
    readonly painter: DiscPainter
  ) {
    const ctx = canvas.getContext("webgpu") as GPUCanvasContext | null;
    if (!ctx) throw new Error("this canvas has no WebGPU context (is it already used by a 2D context?)");
    this.context = ctx;
    ctx.configure({device: painter.device, format: painter.format, alphaMode: "premultiplied"});
    scope.onDispose(() => {
      try {
        ctx.unconfigure();
      } catch {
        /* device already lost */
      }
    });
  }

  /**
   * Compiles the pipeline and configures `canvas` for WebGPU; the painter and its buffers
   * live in one child scope of `parentScope`. `format` defaults to the browser's preferred
   * canvas format. Rejects when the canvas cannot get a WebGPU context.
   */
  static async create(device: GPUDevice, parentScope: ResourceScope, options: DiscRendererOptions): Promise<DiscRenderer> {
    const format = options.format ?? (navigator as any).gpu.getPreferredCanvasFormat();
    const scope = parentScope.child(device);
    try {
      const painter = await DiscPainter.create(device, scope, options.wgsl, format, options.clearColor);
      const r = new DiscRenderer(scope, options.canvas, painter);
      r.resize();
      return r;
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /**
   * Matches the canvas's backing store to its CSS size × devicePixelRatio (at most
   * 4096 px a side). Returns false while the canvas has zero size (hidden, collapsed):
   * skip `encode` then. Cheap: call it every frame.
   */
  resize(): boolean {
    if (this.scope.disposed) return false;
    return fitBackingStore(this.canvas);
  }

  /**
   * Records the render pass drawing `count` discs from `particles` onto the canvas's
   * current texture (call it in the frame's encoder, after the compute passes; submit
   * once). Does nothing when the canvas has zero size. Errors: see DiscPainter.encodeTo.
   */
  encode(encoder: GPUCommandEncoder, particles: GPUBuffer, count: number, view: WorldView, style: DiscStyle): void {
    if (this.scope.disposed || this.canvas.width === 0 || this.canvas.height === 0) return;
    this.painter.encodeTo(encoder, this.context.getCurrentTexture().createView(), this.canvas.width, particles, count, view, style);
  }

  /** Unconfigures the canvas and releases GPU objects (disposes its child scope; idempotent). */
  dispose(): void {
    this.scope.dispose();
  }
}

/**
 * ResourceScope: owns every GPU buffer and cleanup callback of one widget or pipeline,
 * so that one `dispose()` (on Framework's `invalidation`) releases them all. Buffers are
 * counted in the page-wide GPU stats (components/gpu/context.ts).
 */
import {noteBufferCreated, noteBufferDestroyed} from "./context.js";

export class ResourceScope {
  private buffers = new Set<GPUBuffer>();
  private cleanups: (() => void)[] = [];
  private children = new Set<ResourceScope>();
  disposed = false;

  constructor(readonly device: GPUDevice | null) {}

  /** Creates a buffer owned by this scope. Size in bytes is rounded up to 4 and to at least 16. */
  buffer(desc: GPUBufferDescriptor): GPUBuffer {
    if (!this.device) throw new Error("ResourceScope has no device");
    if (this.disposed) throw new Error("ResourceScope already disposed");
    const size = Math.max(16, Math.ceil(desc.size / 4) * 4);
    const buf = this.device.createBuffer({...desc, size});
    this.buffers.add(buf);
    noteBufferCreated(size);
    return buf;
  }

  /** Destroys one buffer of this scope now. */
  destroyBuffer(buf: GPUBuffer) {
    if (this.buffers.delete(buf)) {
      noteBufferDestroyed(buf.size);
      buf.destroy();
    }
  }

  /** A child scope disposed with this one (or earlier, by itself). */
  child(device: GPUDevice | null = this.device): ResourceScope {
    const c = new ResourceScope(device);
    // An owner that went away while this child's owner was still being built (a device lost
    // during an await): the child is born disposed, so it cannot allocate what no one would release.
    if (this.disposed) {
      c.disposed = true;
      return c;
    }
    this.children.add(c);
    c.onDispose(() => this.children.delete(c));
    return c;
  }

  /** Registers a cleanup (stop a loop, remove a listener) run on dispose, last-in first-out. */
  onDispose(fn: () => void) {
    if (this.disposed) fn();
    else this.cleanups.push(fn);
  }

  /** Releases everything; safe to call twice. */
  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    for (const c of [...this.children]) c.dispose();
    for (const fn of this.cleanups.reverse()) {
      try {
        fn();
      } catch (e) {
        console.error(e);
      }
    }
    this.cleanups = [];
    for (const b of this.buffers) {
      noteBufferDestroyed(b.size);
      b.destroy();
    }
    this.buffers.clear();
  }
}

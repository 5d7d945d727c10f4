/**
 * The status line of a widget, composed from two sources so that neither overwrites the
 * other: the notes about bad options (kept in front for the widget's whole life) and the
 * engine's latest message (which engine runs, a device loss, an error). A temporary
 * condition (a canvas without size) can be held over both and released.
 */

export type StatusKind = "info" | "warn" | "error";

export interface Status {
  /** The line's element (role=status, so screen readers announce changes). */
  element: HTMLElement;
  /** The option notes shown in front of every message (bad values replaced by valid ones). */
  setNotes(notes: readonly string[]): void;
  info(text: string): void;
  warn(text: string): void;
  error(text: string): void;
  /** Shows `text` instead of the composed line until `release()` (e.g. "the canvas has no size"). */
  hold(kind: StatusKind, text: string): void;
  release(): void;
  /** The composed text shown now (tests, embedding hosts). */
  readonly text: string;
}

const RANK: Record<StatusKind, number> = {info: 0, warn: 1, error: 2};

/** Creates a widget's status line. The line's kind is the worse of the notes' (warn) and the message's. */
export function createStatus(): Status {
  const el = document.createElement("div");
  el.className = "widget-status";
  el.setAttribute("role", "status");
  let notes = "";
  let message: {kind: StatusKind; text: string} = {kind: "info", text: ""};
  let held: {kind: StatusKind; text: string} | null = null;
  const render = () => {
    let kind: StatusKind;
    let text: string;
    if (held) ({kind, text} = held);
    else {
      kind = notes && RANK[message.kind] < RANK.warn ? "warn" : message.kind;
      text = [notes, message.text].filter(Boolean).join(" ");
    }
    el.className = `widget-status ${kind}`;
    el.textContent = text;
  };
  const say = (kind: StatusKind) => (text: string) => {
    message = {kind, text};
    render();
  };
  return {
    element: el,
    setNotes(n) {
      notes = n.join(" ");
      render();
    },
    info: say("info"),
    warn: say("warn"),
    error: say("error"),
    hold(kind, text) {
      held = {kind, text};
      render();
    },
    release() {
      if (!held) return;
      held = null;
      render();
    },
    get text() {
      return el.textContent ?? "";
    },
  };
}

// The status messages every widget shows for the same condition, written once (the runtime
// says them; a widget adds only what differs: its own counts).

/** The one line a widget shows when it runs its CPU engine because WebGPU is missing or failed. */
export function fallbackMessage(reason: string | null): string {
  return `WebGPU is not available here: ${reason ?? "no reason given"}. This runs on the CPU twin of the GPU kernels instead.`;
}

/** Said while the GPU engine is rebuilt after a device loss (`why`: the browser's message). */
export function deviceLostMessage(why: string): string {
  return `The GPU device was lost (${why}); rebuilding on a new device…`;
}

/**
 * Said in front of the GPU engine's own line once it has been rebuilt after a device loss
 * (tests wait for "new GPU device" and for "rebuilt on a new device after a device loss").
 */
export function rebuiltMessage(): string {
  return "Back on a new GPU device: the engine was rebuilt on a new device after a device loss.";
}

/** The reason (for `fallbackMessage`) when the device was lost `count` times within `windowS` seconds: the CPU twin takes over for good. */
export function gaveUpReason(count: number, windowS: number, why: string): string {
  return `the GPU device was lost ${count} times within ${windowS} s (${why}), so the widget stopped rebuilding on the GPU`;
}

/** What a widget runs on a software adapter instead of its full load (`softwareMessage`). */
export interface SoftwareLoad {
  /** The CPU rasteriser's name (`softwareRenderer`: "SwiftShader", "llvmpipe", …). */
  renderer: string;
  /** What starts smaller: "the water", "the sand". */
  subject: string;
  /** The reduced count in words: "4,000 particles". */
  load: string;
  /** What else changes, appended after the count (", in a tank scaled to them"). */
  detail?: string;
  /** The reduced pace, after the count (default "one substep per frame"; the gravity widgets: "one step per frame"). */
  pace?: string;
  /** One short line (a hero): "A CPU emulation of a GPU (SwiftShader): 4,000 particles, drawn larger, …". */
  short?: boolean;
}

/**
 * The line a widget shows when a software adapter (a CPU emulation of a GPU: `isSoftwareAdapter`
 * in components/gpu/adapter.ts decides, `softwareRenderer` names it) makes it run a reduced
 * count at a reduced pace (one substep, or one step, per frame).
 */
export function softwareMessage(l: SoftwareLoad): string {
  const pace = l.pace ?? "one substep per frame";
  return l.short
    ? `A CPU emulation of a GPU (${l.renderer}): ${l.load}${l.detail ?? ""}, ${pace}.`
    : `This WebGPU adapter is a CPU emulation (${l.renderer}), so ${l.subject} starts with ${l.load} and ${pace}${l.detail ?? ""}.`;
}

/**
 * The status line of a widget, composed from two sources so that neither overwrites the
 * other: the notes about bad options (kept in front for the widget's whole life) and the
 * engine's latest message (which engine runs, a device loss, an error). A temporary
 * condition (a canvas without size) can be held over both and released.
 *
 * A message may come with a short form ("CPU twin: faster than this emulated GPU"). A compact
 * status line (a hero's: its row under the picture has a fixed height, so a long sentence would
 * be cut) shows the short form as the summary of a closed disclosure whose body is the whole
 * line, also its `title`; everywhere else the whole line is shown and the short form unused.
 * Either way the element's text holds the whole line (`text`, screen readers, tests).
 */

type StatusKind = "info" | "warn" | "error";

export interface Status {
  /** The line's element (role=status, so screen readers announce changes). */
  element: HTMLElement;
  /** The option notes shown in front of every message (bad values replaced by valid ones). */
  setNotes(notes: readonly string[]): void;
  /** Says `text`; `short`: its short form, shown instead on a compact line (see the module comment). */
  info(text: string, short?: string): void;
  warn(text: string, short?: string): void;
  error(text: string, short?: string): void;
  /** Shows `text` instead of the composed line until `release()` (e.g. "the canvas has no size"). */
  hold(kind: StatusKind, text: string): void;
  release(): void;
  /** The composed text shown now, whole (tests, embedding hosts). */
  readonly text: string;
}

interface StatusOptions {
  /** Show a message's short form where it has one, the whole line in a disclosure (a hero's fixed row). */
  compact?: boolean;
}

const RANK: Record<StatusKind, number> = {info: 0, warn: 1, error: 2};

/**
 * Creates a widget's status line. The line's kind is the worse of the notes' (warn) and the
 * message's; `compact` shows short forms (see the module comment).
 */
export function createStatus(options: StatusOptions = {}): Status {
  const el = document.createElement("div");
  el.className = "widget-status";
  el.setAttribute("role", "status");
  let notes = "";
  let message: {kind: StatusKind; text: string; short?: string} = {kind: "info", text: ""};
  let held: {kind: StatusKind; text: string} | null = null;
  let shown = "";
  // the compact line's disclosure, kept across messages so that a reader's open one stays open
  let more: {details: HTMLDetailsElement; summary: HTMLElement; body: HTMLElement} | null = null;
  const disclosure = () => {
    if (more) return more;
    const details = document.createElement("details");
    details.className = "status-more";
    const summary = document.createElement("summary");
    const body = document.createElement("p");
    details.append(summary, body);
    return (more = {details, summary, body});
  };
  const render = () => {
    let kind: StatusKind;
    let text: string;
    let short: string | undefined;
    if (held) ({kind, text} = held);
    else {
      kind = notes && RANK[message.kind] < RANK.warn ? "warn" : message.kind;
      text = [notes, message.text].filter(Boolean).join(" ");
      short = message.short;
    }
    el.className = `widget-status ${kind}`;
    shown = text;
    // the option notes say what was replaced: never folded away
    if (options.compact && short && !held && !notes) {
      const d = disclosure();
      d.summary.textContent = short;
      d.body.textContent = text;
      el.title = text;
      if (d.details.parentNode !== el) el.replaceChildren(d.details);
    } else {
      el.removeAttribute("title");
      el.textContent = text;
    }
  };
  const say = (kind: StatusKind) => (text: string, short?: string) => {
    message = {kind, text, short};
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
      return shown;
    },
  };
}

// The status messages every widget shows for the same condition, written once (the runtime
// says them; a widget adds only what differs: its own counts).

/** The short form of `fallbackMessage`, for a compact status line (a hero's). */
export const FALLBACK_SHORT = "CPU twin: no WebGPU here";

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
interface SoftwareLoad {
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

/**
 * Which engine runs where the GPU is a CPU emulation (SwiftShader, llvmpipe, WARP: the
 * `isSoftwareAdapter` rule of components/gpu/adapter.ts). There the "GPU" kernels run on the
 * CPU through an emulator, and for several widgets the CPU twin of the same kernels, plain
 * JavaScript, moves faster: the emulator pays for every dispatch, barrier and workgroup
 * in CPU time, where the twin runs one loop. `SOFTWARE_ENGINES` says, per widget, which
 * engine runs there by default, decided from a committed measurement
 * (data/bench/software-engines.json, `scripts/measure-engines.mjs`; a unit test holds the
 * table to it). Readers with a hardware GPU are unaffected.
 *
 * The reader can switch: each such widget shows a button beside its status line
 * (`mountWidget`), and `?engine=gpu` or `?engine=cpu` in the page's URL (or
 * localStorage["ns-engine"], which the browser tests set) chooses for every widget of the page.
 */

/** An engine a reader or the measurement can choose. */
export type EngineChoice = "gpu" | "cpu";

/** The localStorage key of the page-wide choice ("gpu" or "cpu"). */
const ENGINE_CHOICE_KEY = "ns-engine";

/**
 * The widgets (by `data-widget` name) whose CPU twin moved faster than their GPU engine on
 * SwiftShader in data/bench/software-engines.json (frames per second, the twin's over the
 * emulated GPU's, > 1): on a software adapter they run the twin unless the reader chooses
 * the GPU. Every other widget runs its GPU engine there, at its reduced software load.
 */
export const SOFTWARE_ENGINES: Readonly<Record<string, EngineChoice>> = {
  // bodies moved per second, twin over emulated GPU (2026-12-03): water 4.8, sand 3.7, galaxy 10.0,
  // galaxy-3d 5.5, dust-disc 6.9, nbody 3.0. The essay's hero (the water widget's other face) is
  // left out on purpose: its picture, the water drawn as one shaded body, exists only on the GPU
  // path, and the first screen's picture matters more there than its pace.
  water: "cpu",
  sand: "cpu",
  galaxy: "cpu",
  "galaxy-3d": "cpu",
  "dust-disc": "cpu",
  nbody: "cpu",
};

/**
 * The page-wide choice: `?engine=` in the URL, else localStorage[ENGINE_CHOICE_KEY], else
 * null (the default: the GPU where there is one, the table above on a software adapter). Any
 * other value is ignored. Safe outside a browser (null).
 */
export function readEngineChoice(): EngineChoice | null {
  const ok = (v: string | null | undefined): EngineChoice | null => (v === "gpu" || v === "cpu" ? v : null);
  try {
    const url = typeof location !== "undefined" ? ok(new URLSearchParams(location.search).get("engine")) : null;
    if (url) return url;
    return typeof localStorage !== "undefined" ? ok(localStorage.getItem(ENGINE_CHOICE_KEY)) : null;
  } catch {
    return null; // storage blocked (a sandboxed frame): no choice
  }
}

/** The reason (a whole sentence) a widget gives when it runs its twin on a software adapter because the twin is faster there. */
export function softwareTwinReason(renderer: string): string {
  return `This WebGPU adapter is a CPU emulation of a GPU (${renderer}), on which the CPU twin of the same kernels runs faster, so the twin runs here.`;
}

/**
 * The short form of `softwareTwinReason`, for a status line with little room (a hero's fixed
 * row, where the whole sentence and the twin's line after it would be cut): the whole sentence
 * stays in the line's disclosure and title (status.ts).
 */
export const SOFTWARE_TWIN_SHORT = "CPU twin: faster than this emulated GPU";

/** The reason a widget gives when the reader chose its CPU twin. */
export const CHOSEN_TWIN_REASON = "You chose the CPU twin of the GPU kernels, so it runs here.";

/** The short form of `CHOSEN_TWIN_REASON` (see `SOFTWARE_TWIN_SHORT`). */
export const CHOSEN_TWIN_SHORT = "CPU twin: your choice";

/** The switch's label while `running` runs (it offers the other engine). */
export function engineSwitchLabel(running: EngineChoice): string {
  return running === "cpu" ? "Run the GPU kernels (emulated) instead" : "Run the CPU twin instead";
}

/**
 * The figures of data/bench/pipelines.md, written from the JSON they describe: the results
 * table, what the small figures are made of (dispatch cost, a timed pass's overhead, the
 * bandwidth ceiling) and the targets. `npx tsx scripts/gen-bench-notes.ts` splices the
 * generated block into the file between GENERATED_BEGIN and GENERATED_END;
 * tests/unit/bench-notes.test.ts fails when the file's block differs from what the JSON
 * gives, so after committing a new run the notes are regenerated, never hand-edited.
 */
import {WATER_DEFAULTS} from "../water/params.js";
import {bandwidthCeiling, benchRow, dispatchUs, frameBudget, timedPassOverhead, type BenchFactsInput} from "./facts.js";

export const GENERATED_BEGIN = "<!-- generated from pipelines.json by scripts/gen-bench-notes.ts: do not edit by hand -->";
export const GENERATED_END = "<!-- end of generated figures -->";

/** The JSON fields the notes read, beyond those of the facts. */
interface NotesInput extends BenchFactsInput {
  date: string;
  references: BenchFactsInput["references"] & {copy: {GBps: number; bytesPerThread?: number}};
  rows: (BenchFactsInput["rows"][number] & {fractionOfCopy: number; substepSeconds?: number; msPerSimulatedSecond?: number})[];
}

/**
 * Another water's frame times to compare per simulated second (data/bench/original-water-h200.json:
 * the original essay's SPH water, measured outside the harness): frames of `substepsPerFrame`
 * substeps of `substepSeconds`, median ms per frame by particle count.
 */
interface WaterReference {
  what: string;
  source: string;
  substepSeconds: number;
  substepsPerFrame: number;
  rows: {particles: number; frameMs: number}[];
}

/**
 * The targets the pipelines are tuned against now: ms per frame (or per sort for "sort", random
 * order), as set for the work; docs/records/neighbour-search-targets.md explains each miss with a
 * measurement.
 */
const TARGETS: {pipeline: string; particles: number; maxMs: number; per: "frame" | "sort"}[] = [
  {pipeline: "water", particles: 10_000, maxMs: 0.15, per: "frame"},
  {pipeline: "water", particles: 50_000, maxMs: 0.17, per: "frame"},
  {pipeline: "water", particles: 80_000, maxMs: 0.19, per: "frame"},
  {pipeline: "water", particles: 1_000_000, maxMs: 1.0, per: "frame"},
  {pipeline: "water", particles: 4_000_000, maxMs: 4.5, per: "frame"},
  {pipeline: "water", particles: 16_000_000, maxMs: 14, per: "frame"},
  {pipeline: "sand", particles: 30_000, maxMs: 0.09, per: "frame"},
  {pipeline: "sort", particles: 1_000_000, maxMs: 0.05, per: "sort"},
  {pipeline: "sort", particles: 16_000_000, maxMs: 0.6, per: "sort"},
];

const sig = (x: number, n: number) => String(Number(x.toPrecision(n)));
const dec = (x: number, n: number) => String(Number(x.toFixed(n)));
const fixed = (x: number, n: number) => x.toFixed(n);
/**
 * TB/s of the four-vec4 copy on the H200 in a run of its own (2026-12-01), quoted for runs
 * that timed only the 16 B copy.
 */
export const H200_COPY_VEC4X4_TBPS = 4.04;
const int = (x: number) => Math.round(x).toLocaleString("en-US");
const count = (n: number) => n.toLocaleString("en-US");
const short = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);

/** The results table: one line per row of the run. */
function table(b: NotesInput): string[] {
  const head = ["| pipeline | particles | dispatches / substep | ms / frame (median) | per pass, ms (one substep) | of copy |", "|---|---|---|---|---|---|"];
  return head.concat(
    b.rows.map((r) => {
      const passes = Object.entries(r.perPassMs)
        .map(([l, v]) => `${l} ${dec(v.median, 4)}`)
        .join(", ");
      return `| ${r.pipeline} | ${count(r.particles)} | ${r.dispatchesPerSubstep} | ${sig(r.frameMs.median, 4)} | ${passes} | ${sig(r.fractionOfCopy, 3)} |`;
    })
  );
}

/** What the small figures are made of: dispatch, a pass timed on its own, the bandwidth ceiling. */
function references(b: NotesInput): string[] {
  const r = b.references;
  const water = frameBudget(b, "water", 10_000);
  const t = timedPassOverhead(b);
  const ceiling = bandwidthCeiling(b);
  const lines = [
    "**What the small figures are made of.** References from the same run (fields of `references`;",
    "`components/bench/facts.ts`, which the essay reads too):",
    "",
    `- *Dispatch.* An empty dispatch inside a pass costs **${fixed(dispatchUs(b), 2)} µs** (\`references.emptyDispatch.us.median\`):`,
    `  a water frame of ${water.dispatches} dispatches pays ≈ **${int(water.dispatchCostUs)} µs** of start-up at that price, of a **${int(water.frameUs)} µs**`,
    "  frame at 10k. The rest of a small frame is each pass waiting for the one before it to finish",
    "  everywhere and then walking its own chain of dependent memory reads and barriers, with far",
    "  fewer workgroups than the GPU can hold — which the number of particles hardly changes.",
    "- *A pass timed on its own.* The per-pass column comes from a separate run of each pass in",
    "  its own compute pass with its own timestamps, and such a pass costs more than the same",
    `  work inside one pass: summed, the split passes take **${fixed(t.splitUs, 1)} µs** longer each (median over the`,
    `  rows up to 80k of (Σ per-pass × ${b.substepsPerFrame} − frame) / passes; \`timedPassOverhead().splitUs\`).`,
    t.timedEmptyUs === null
      ? "  This run predates `references.timedPass` (a timed pass holding one empty dispatch, measured directly in later runs)."
      : `  A timed pass holding one empty dispatch reads **${fixed(t.timedEmptyUs, 2)} µs** between its own timestamps (\`references.timedPass.us.median\`).`,
    "  So the smallest per-pass figures are mostly that overhead plus the dispatch; the pass work itself is a few µs.",
  ];
  const of = `"of copy" is each pipeline's compulsory bytes per second as a fraction of`;
  if (r.copyVec4x4 && r.bandwidthCeiling)
    lines.push(
      `- *Bandwidth ceiling.* ${of} the faster of two copy kernels: 16 B per thread moved`,
      `  **${int(r.copy.GBps)} GB/s** (\`references.copy.GBps\`), four vec4s (64 B) per thread **${int(r.copyVec4x4.GBps)} GB/s**`,
      `  (\`references.copyVec4x4.GBps\`, \`shaders/bench/copy_vec4x4.wgsl\`); the ceiling is **${int(ceiling.GBps)} GB/s** (\`references.bandwidthCeiling\`).`
    );
  else
    lines.push(
      `- *Bandwidth ceiling.* ${of} the 16 B-per-thread copy kernel's`,
      `  **${int(r.copy.GBps)} GB/s** (\`references.copy.GBps\`), the only copy this run timed. It is not the device's`,
      `  ceiling: a copy of four 16-byte vec4s per thread reached ${H200_COPY_VEC4X4_TBPS} TB/s on the same GPU in a`,
      `  separate run, so these fractions read about ${dec((H200_COPY_VEC4X4_TBPS * 1000) / r.copy.GBps, 1)}× too high. Later runs time that copy too`,
      "  (`references.copyVec4x4`, `shaders/bench/copy_vec4x4.wgsl`) and divide by the faster one (`references.bandwidthCeiling`)."
    );
  return lines;
}

/** Each target: met or not, with the measured figure. */
function targets(b: NotesInput): string[] {
  const items = TARGETS.filter((x) => b.rows.some((r) => r.pipeline === x.pipeline && r.particles === x.particles)).map((x) => {
    const frame = benchRow(b, x.pipeline, x.particles).frameMs.median;
    const ms = x.per === "sort" ? frame / b.substepsPerFrame : frame;
    const what = x.per === "sort" ? "ms per sort" : "ms per frame";
    return `${x.pipeline} ${short(x.particles)} **${sig(ms, 3)}** ${what} (target ≤ ${x.maxMs}, ${ms <= x.maxMs ? "met" : `not met, ${Math.round((ms / x.maxMs - 1) * 100)} % over`})`;
  });
  return [`Measured ${b.date.slice(0, 10)}. Against the targets: ${items.join("; ")}.`];
}

/**
 * ms of GPU time per simulated second of the water: the run's water rows (frame median /
 * (substeps × substep length)) beside `original`'s at the same counts. A row of a run before
 * `msPerSimulatedSecond` existed is divided by the current substep length (WATER_DEFAULTS.dt):
 * a substep costs the same whatever its length, so its frame time holds for the new dt.
 */
export function perSimulatedSecond(b: NotesInput, original?: WaterReference): string[] {
  const rows = b.rows.filter((r) => r.pipeline === "water" && (!original || original.rows.some((o) => o.particles === r.particles)));
  if (!rows.length) return [];
  const dtOf = (r: NotesInput["rows"][number]) => r.substepSeconds ?? WATER_DEFAULTS.dt;
  const ours = (r: NotesInput["rows"][number]) => r.msPerSimulatedSecond ?? r.frameMs.median / (b.substepsPerFrame * dtOf(r));
  const ms = (s: number) => dec(s * 1000, 3);
  const lines = [
    "**Per simulated second (water).** A frame's cost depends on how many substeps it holds and each",
    "substep's length on how far it advances the water, so waters of different dt compare by ms of GPU time",
    "per simulated second: frame median / (substeps per frame × dt) (`msPerSimulatedSecond` of each row).",
  ];
  if (rows.some((r) => r.msPerSimulatedSecond === undefined))
    lines.push(
      `This run predates that field: its water frames are divided by today's substep, ${ms(WATER_DEFAULTS.dt)} ms`,
      "(`WATER_DEFAULTS.dt`; a substep costs the same whatever its length)."
    );
  if (original) lines.push(`The reference: ${original.what}; ${original.source} (\`data/bench/original-water-h200.json\`).`);
  lines.push("");
  const head = original
    ? [
        `| particles | ours: dt, ms | ours, ms per simulated s | reference (dt ${ms(original.substepSeconds)} ms), ms per simulated s | ours / reference |`,
        "|---|---|---|---|---|",
      ]
    : ["| particles | dt, ms | ms per simulated s |", "|---|---|---|"];
  return lines.concat(
    head,
    rows.map((r) => {
      const o = original?.rows.find((x) => x.particles === r.particles);
      const mine = ours(r);
      if (!original || !o) return `| ${count(r.particles)} | ${ms(dtOf(r))} | ${sig(mine, 4)} |`;
      const theirs = o.frameMs / (original.substepsPerFrame * original.substepSeconds);
      return `| ${count(r.particles)} | ${ms(dtOf(r))} | ${sig(mine, 4)} | ${sig(theirs, 4)} | ${fixed(mine / theirs, 2)} |`;
    })
  );
}

/** The generated block of data/bench/pipelines.md (markers included); `original`: the water to compare per simulated second. */
export function pipelinesNotes(b: NotesInput, original?: WaterReference): string {
  const sim = perSimulatedSecond(b, original);
  return [GENERATED_BEGIN, "", ...table(b), "", ...references(b), "", ...(sim.length ? [...sim, ""] : []), ...targets(b), "", GENERATED_END].join("\n");
}

/** The generated block as it stands in `md` (markers included), or null when the markers are missing. */
export function currentNotes(md: string): string | null {
  const a = md.indexOf(GENERATED_BEGIN);
  const e = md.indexOf(GENERATED_END);
  return a < 0 || e < a ? null : md.slice(a, e + GENERATED_END.length);
}

/** `md` with its generated block replaced by `block`. Errors: Error when the markers are missing. */
export function spliceNotes(md: string, block: string): string {
  const cur = currentNotes(md);
  if (cur === null) throw new Error(`the markers ${GENERATED_BEGIN} … ${GENERATED_END} are missing`);
  return md.replace(cur, block);
}

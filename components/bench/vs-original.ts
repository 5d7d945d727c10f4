/**
 * This project's pipelines against the original series' own kernels, read from
 * data/bench/vs-original-h200.json (schema "vs-original/1": both sides measured in one device
 * command, each with its own kernels and its own page's parameters; how: data/bench/vs-original-h200.md).
 * The pages read these rows; nothing here measures.
 */

/** One 2D gravity series of either side: a step (ms, GPU timestamps) and its median force error against the exact O(N²) sum. */
interface GravitySideRow {
  bodies: number;
  theta: number | null;
  /** "thread" | "subgroup" | "direct" (this project), "pyramid" (the original) */
  walk: string;
  stepMs: number;
  forceError: {median: number; p99: number; sample: number};
}

/** One dust / accretion series: ms of GPU time per substep, dispatches per substep, substeps per orbit of the disc's inner edge. */
interface DustSideRow {
  grains: number;
  substepMs: number;
  dispatches: number;
  substepsPerOrbit: number;
}

/** The committed record (the fields the pages read). */
export interface VsOriginalReport {
  schema: "vs-original/1";
  date: string;
  adapter: {vendor?: string; description?: string; device?: string};
  original: string;
  gravity2d: {params?: Record<string, unknown>; ours: GravitySideRow[]; original: (GravitySideRow & {finestLevel: number; dispatches: number})[]};
  dust: {ours: DustSideRow[]; original: DustSideRow[]};
}

/** The 2D comparison at one count: the original at its page's θ, and this project's fastest series at an equal or lower median error. */
interface GravityMatch {
  bodies: number;
  original: GravitySideRow & {finestLevel: number; dispatches: number};
  /** null when no series of ours reaches the original's error */
  ours: GravitySideRow | null;
  /** ours.stepMs / original.stepMs: below 1, ours is faster at an error no larger */
  ratio: number | null;
}

/**
 * For each count and each θ the original ran: its row, and our fastest row whose median force
 * error is ≤ its own (any θ, any walk, the exact sum included). Sorted by count, then θ.
 */
export function gravityMatches(r: VsOriginalReport): GravityMatch[] {
  return r.gravity2d.original
    .slice()
    .sort((a, b) => a.bodies - b.bodies || (a.theta ?? 0) - (b.theta ?? 0))
    .map((o) => {
      const candidates = r.gravity2d.ours.filter((u) => u.bodies === o.bodies && u.forceError.median <= o.forceError.median);
      const ours = candidates.reduce<GravitySideRow | null>((best, u) => (!best || u.stepMs < best.stepMs ? u : best), null);
      return {bodies: o.bodies, original: o, ours, ratio: ours ? ours.stepMs / o.stepMs : null};
    });
}

/** The dust comparison at one count: ms per substep and per orbit of the inner edge, and this project's over the original's. */
interface DustMatch {
  grains: number;
  ours: DustSideRow;
  original: DustSideRow;
  /** ours / original, per substep */
  perSubstep: number;
  /** ours / original, per orbit of each disc's inner edge (ms per substep × substeps per orbit) */
  perOrbit: number;
}

/** The counts both sides ran, smallest first. */
export function dustMatches(r: VsOriginalReport): DustMatch[] {
  return r.dust.ours
    .filter((u) => r.dust.original.some((o) => o.grains === u.grains))
    .sort((a, b) => a.grains - b.grains)
    .map((ours) => {
      const original = r.dust.original.find((o) => o.grains === ours.grains)!;
      return {
        grains: ours.grains,
        ours,
        original,
        perSubstep: ours.substepMs / original.substepMs,
        perOrbit: (ours.substepMs * ours.substepsPerOrbit) / (original.substepMs * original.substepsPerOrbit),
      };
    });
}

/** One side-by-side sort series (data/bench/vs-original-sort-h200.json, schema "vs-original-sort/1", assembled by bench/vs-original-sort.ts). */
interface SortSideRow {
  particles: number;
  /** "random" | "cell-ordered" */
  order: string;
  /** the original's GridSort (16-byte records), ms per sort */
  originalMs: number;
  /** this project's designs by name ("particle", "vec4", …): ms per sort, over the original's, each pass's ms */
  ours: Record<string, {msPerSort: number; overOriginal: number; passMs: Record<string, number>}>;
}

/** The committed sort record (the fields the pages read). */
export interface VsOriginalSortReport {
  schema: "vs-original-sort/1";
  date: string;
  adapter: {vendor?: string; description?: string; device?: string; name?: string};
  original: string;
  notes: {designs: {name: string; record?: string; scatter?: string; countWorkgroups?: number}[]};
  rows: SortSideRow[];
}

/** A sort comparison at one count and input order: the original, and this project's fastest design with its ratio. */
interface SortMatch {
  particles: number;
  order: string;
  originalMs: number;
  /** the 24-byte particle sort the simulations run */
  particle: {msPerSort: number; overOriginal: number};
  /** the fastest design of all (its name, ms per sort, ratio) */
  best: {design: string; msPerSort: number; overOriginal: number};
}

/**
 * For each count and order both sides ran (random first at each count): the original's ms per
 * sort, this project's 24-byte particle sort, and its fastest design. Errors: Error when a row
 * lacks the "particle" design.
 */
export function sortMatches(r: VsOriginalSortReport): SortMatch[] {
  return r.rows
    .slice()
    .sort((a, b) => a.particles - b.particles || (a.order === "random" ? -1 : 1))
    .map((row) => {
      const particle = row.ours.particle;
      if (!particle) throw new Error(`sort row ${row.particles} ${row.order} has no "particle" design`);
      const [design, best] = Object.entries(row.ours).reduce((a, b) => (b[1].msPerSort < a[1].msPerSort ? b : a));
      return {
        particles: row.particles,
        order: row.order,
        originalMs: row.originalMs,
        particle: {msPerSort: particle.msPerSort, overOriginal: particle.overOriginal},
        best: {design, msPerSort: best.msPerSort, overOriginal: best.overOriginal},
      };
    });
}

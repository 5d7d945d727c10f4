// Every dispatch, stage or pass count written in the essay and in the notes about the
// pipelines is the one the code declares (components/gpu/phases.ts and the pipelines'
// SORT_PHASES, BLOCK_SCAN_SORT_PHASES, SAND_PHASES, WATER_PHASES). Counts inside ${…}
// expressions and code blocks are computed from the declarations on the page, so they are
// skipped; every other count phrase ("five stages", "35 dispatches", "seven small
// dispatches", "one-dispatch scan") must be claimed by an entry below, which says what the
// code gives for it — a phrase no entry claims fails, so a new count cannot slip in unchecked.
import {readFileSync} from "node:fs";
import {DUST_PHASES} from "../../components/dust/gpu.js";
import {BUILD_DISPATCHES, COM_DISPATCHES} from "../../components/gravity/gpu.js";
import {GRAVITY3_BUILD} from "../../components/gravity3d/bodies.js";
import {gravity3SortDispatches} from "../../components/gravity3d/gpu.js";
import {describe, expect, it} from "vitest";
import {TIMED_PASS_DISPATCHES} from "../../components/bench/harness.js";
import {countValue, dispatchesPerSubstep, phasesOfRole, type PipelinePhase} from "../../components/gpu/phases.js";
import {SAND_PHASES, SAND_PHASES_UNFOLDED} from "../../components/sand/gpu-sand.js";
import {BLOCK_SCAN_SORT_PHASES, BUCKETED_SORT_PHASES, SORT_PHASES} from "../../components/sort/gpu-sort.js";
import {scanRoundCount} from "../../components/sort/twin.js";
import {WATER_SUBSTEPS} from "../../components/water/params.js";
import {WATER_PHASES, WATER_PHASES_UNFOLDED} from "../../components/water/pipeline.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

const per = dispatchesPerSubstep;
const phaseOf = (phases: readonly PipelinePhase[], key: string) => phases.find((p) => p.key === key)!;
const BLOCK_SCAN = phaseOf(BLOCK_SCAN_SORT_PHASES, "scan").dispatches; // the §3 scan: 3
const FUSED_SCAN = phaseOf(SORT_PHASES, "scan").dispatches; // the simulations' scan: 1
const AS_BUILT = per(BLOCK_SCAN_SORT_PHASES); // the sort from §3's pieces: 6
const SUBSTEPS = 5; // frames of the sand widget and of the benchmark (SAND_OPTIONS substeps default, bench/run.ts --substeps)
const bench = JSON.parse(read("data/bench/pipelines.json"));
const vsSort = JSON.parse(read("data/bench/vs-original-sort-h200.json")) as {originalDispatches: number};
// the 3D step's sort and build options, side by side (rows: old sort and build first, GRAVITY3_BUILD's last)
const builds3 = JSON.parse(read("data/bench/gravity3d-builds-h200.json")).rows as {dispatchesPerSubstep: number}[];
/** Dispatches per substep of `pipeline` in the committed run (its 10,000-particle row). */
const benchDispatches = (pipeline: string): number =>
  (bench.rows as {pipeline: string; particles: number; dispatchesPerSubstep: number}[]).find((r) => r.pipeline === pipeline && r.particles === 10_000)!
    .dispatchesPerSubstep;

/** A count claimed in a file: every match of `re` must capture, group by group, `values`. */
interface Claim {
  re: RegExp;
  values: number[];
  /** Where the value comes from. */
  from: string;
}

const CLAIMS: Record<string, Claim[]> = {
  "src/index.md": [
    {re: /65,536 cells in (\w+) dispatches/, values: [BLOCK_SCAN], from: "BLOCK_SCAN_SORT_PHASES scan"},
    {re: /would take (\w+) dispatches/, values: [scanRoundCount(65_536)], from: "scanRoundCount(65,536): one dispatch per Hillis–Steele round"},
    {re: /256 and uses (\w+) dispatches/, values: [BLOCK_SCAN], from: "BLOCK_SCAN_SORT_PHASES scan"},
    {re: /the (\w+)-dispatch scan<\/span>/, values: [BLOCK_SCAN], from: "BLOCK_SCAN_SORT_PHASES scan"},
    {re: /The (\w+)\s+entry points around it/, values: [BLOCK_SCAN], from: "BLOCK_SCAN_SORT_PHASES scan: one entry point per dispatch"},
    {re: /Those (\w+) dispatches are the idea/, values: [BLOCK_SCAN], from: "BLOCK_SCAN_SORT_PHASES scan"},
    {re: /One substep of the sand is (\w+) short stages/, values: [SAND_PHASES.length], from: "SAND_PHASES"},
    {re: /\*\*scan\*\* — (\w+) dispatch turns/, values: [FUSED_SCAN], from: "SORT_PHASES scan"},
    {re: /the (\w+) dispatches of the block scan/, values: [BLOCK_SCAN], from: "BLOCK_SCAN_SORT_PHASES scan"},
    {re: /inside its (single) dispatch/, values: [FUSED_SCAN], from: "SORT_PHASES scan"},
    {re: /\*\*substep\*\* runs (\w+) passes over the neighbours/, values: [per(WATER_PHASES, "compute")], from: "WATER_PHASES compute"},
  ],
  "components/widgets/sand/README.md": [
    {
      re: /count_cell\.wgsl`\): (\d+) dispatches, (\d+) per frame of (\d+)\s+substeps/,
      values: [per(SAND_PHASES), SUBSTEPS * per(SAND_PHASES), SUBSTEPS],
      from: "SAND_PHASES × 5 substeps",
    },
    {re: /scan_single\.wgsl` \((one) dispatch:/, values: [FUSED_SCAN], from: "SORT_PHASES scan"},
  ],
  "components/widgets/water/README.md": [
    {
      re: /pass of its own\): (\d+) dispatches, (\d+) that\s+organise and (\d+) that compute; (\d+) per frame of (\d+) substeps/,
      values: [per(WATER_PHASES), per(WATER_PHASES, "organise"), per(WATER_PHASES, "compute"), WATER_SUBSTEPS * per(WATER_PHASES), WATER_SUBSTEPS],
      from: "WATER_PHASES × WATER_SUBSTEPS (the widget's default substeps)",
    },
  ],
  "components/widgets/counting-sort/README.md": [
    {re: /scan_round\.wgsl` \((one) dispatch per\s+round\)/, values: [1], from: "runWithSnapshots: one scan_round dispatch per round"},
    {re: /count → scan → scatter, (\d+) dispatches/, values: [per(SORT_PHASES)], from: "SORT_PHASES"},
    {re: /the\s+(three)-dispatch block scan, scatter\) it is (\d+)/, values: [BLOCK_SCAN, AS_BUILT], from: "BLOCK_SCAN_SORT_PHASES"},
    {re: /the (one)-dispatch scan clears the/, values: [FUSED_SCAN], from: "SORT_PHASES scan"},
  ],
  "bench/README.md": [
    {
      re: /(1,000)\s+dependent dispatches in one pass/,
      values: [bench.references.emptyDispatch.dispatches],
      from: "pipelines.json references.emptyDispatch.dispatches",
    },
    {re: /the fixed cost of (one) dispatch inside a pass/, values: [1], from: "a price per dispatch"},
    {re: /passes holding (one) empty dispatch\s+each/, values: [TIMED_PASS_DISPATCHES], from: "harness TIMED_PASS_DISPATCHES"},
    {re: /a pass holding (one) empty dispatch \(null/, values: [TIMED_PASS_DISPATCHES], from: "harness TIMED_PASS_DISPATCHES"},
    {re: /Any cell count in (one) dispatch/, values: [FUSED_SCAN], from: "SORT_PHASES scan"},
    {
      re: /\(GridSort, 16-byte records, (\d+) dispatches\)/,
      values: [vsSort.originalDispatches],
      from: "the original's sort.mjs dispatchesPerSort (data/bench/sort-designs-h200.json's companion, vs-original-sort-h200.json)",
    },
    {re: /the simulations' sort, (\d+) dispatches\)/, values: [per(SORT_PHASES)], from: "SORT_PHASES"},
    {re: /24-byte particles, bucketed \((\d+) dispatches\)/, values: [per(BUCKETED_SORT_PHASES)], from: "BUCKETED_SORT_PHASES"},
    {
      re: /\| (one) dispatch less per substep for the clear, (two) for the block scan/,
      values: [phaseOf(BLOCK_SCAN_SORT_PHASES, "clear").dispatches, BLOCK_SCAN - FUSED_SCAN],
      from: "BLOCK_SCAN_SORT_PHASES against SORT_PHASES",
    },
    {re: /a water frame's (\d+) dispatches/, values: [SUBSTEPS * benchDispatches("water")], from: "pipelines.json water rows × 5 substeps (the run quoted)"},
    {re: /today: sort (\d+), sand (\d+), water (\d+)/, values: [per(SORT_PHASES), per(SAND_PHASES), per(WATER_PHASES)], from: "the declarations"},
    {
      re: /`bench\/run\.ts`,\s+sand (\d+), water (\d+);/,
      values: [per(SAND_PHASES_UNFOLDED), per(WATER_PHASES_UNFOLDED)],
      from: "SAND_PHASES_UNFOLDED, WATER_PHASES_UNFOLDED",
    },
    {
      re: /sand (\d+) → (\d+), water (\d+) → (\d+) dispatches/,
      values: [per(SAND_PHASES_UNFOLDED), per(SAND_PHASES), per(WATER_PHASES_UNFOLDED), per(WATER_PHASES)],
      from: "the declarations, unfolded and folded",
    },
    {
      re: /(one) dependent dispatch fewer of (\d+) \/ (\d+) per substep/,
      values: [per(SAND_PHASES_UNFOLDED) - per(SAND_PHASES), per(SAND_PHASES_UNFOLDED), per(WATER_PHASES_UNFOLDED)],
      from: "the declarations, unfolded and folded",
    },
    {re: /the old (three)-dispatch 65,536-cell scan against the\s+(one)-dispatch scan/, values: [BLOCK_SCAN, FUSED_SCAN], from: "scan phases"},
    {re: /\*\*(One)-dispatch scan\*\*/, values: [FUSED_SCAN], from: "SORT_PHASES scan"},
    {re: /the scan is (one) dispatch of B workgroups/, values: [FUSED_SCAN], from: "SORT_PHASES scan"},
    {re: /(three)-dispatch block scan ≈0\.013 ms/, values: [BLOCK_SCAN], from: "BLOCK_SCAN_SORT_PHASES scan"},
    {re: /the (3)-dispatch scan \((2) more dispatches\)/, values: [BLOCK_SCAN, BLOCK_SCAN - FUSED_SCAN], from: "scan phases"},
    {re: /\((three)-dispatch scan: 1\.9 ms\)/, values: [BLOCK_SCAN], from: "BLOCK_SCAN_SORT_PHASES scan"},
    {
      re: /\((\d+) dispatches, was (\d+): clear, count, (three) for the block scan, scatter\); water substep (\d+) dispatches \(was (\d+)\), sand (\d+) \(was (\d+)\)/,
      values: [
        per(SORT_PHASES),
        AS_BUILT,
        BLOCK_SCAN,
        per(WATER_PHASES_UNFOLDED),
        AS_BUILT + per(WATER_PHASES, "compute"),
        per(SAND_PHASES_UNFOLDED),
        AS_BUILT + per(SAND_PHASES, "compute"),
      ],
      from: "the declarations, fused and as built, before the count was folded",
    },
    {
      re: /sort in (6) passes of\s+5-bit digits and the build in (3) dispatches a level/,
      values: [gravity3SortDispatches(5) / 5, GRAVITY3_BUILD.buildLevelDispatches],
      from: "gravity3SortDispatches, GRAVITY3_BUILD",
    },
    {
      re: /(79) dispatches a step instead of (109)/,
      values: [builds3[builds3.length - 1].dispatchesPerSubstep, builds3[0].dispatchesPerSubstep],
      from: "gravity3d-builds-h200.json dispatchesPerSubstep",
    },
    {re: /\*\*Gravity build, (one) dispatch per level\*\*/, values: [1], from: "encodeBuild: one tree_level dispatch per level"},
    {re: /97 → (17) dispatches/, values: [BUILD_DISPATCHES], from: "gravity BUILD_DISPATCHES"},
    {re: /17 → (9) dispatches/, values: [COM_DISPATCHES], from: "gravity COM_DISPATCHES"},
    {re: /\(the harness's check\), (\d+) dispatches a substep/, values: [dispatchesPerSubstep(DUST_PHASES)], from: "DUST_PHASES"},
    {re: /1\.123 ms \((\d+) dispatches\)/, values: [dispatchesPerSubstep(DUST_PHASES)], from: "DUST_PHASES (the side-by-side table)"},
  ],
  "data/bench/pipelines.md": [
    {re: /on top of the (one)-dispatch scan/, values: [FUSED_SCAN], from: "SORT_PHASES scan"},
    {
      re: /sort (\d+), sand (\d+),\s+water (\d+) dispatches per substep/,
      values: [benchDispatches("sort"), benchDispatches("sand"), benchDispatches("water")],
      from: "pipelines.json rows' dispatchesPerSubstep (the code that run measured)",
    },
    {re: /a water frame of (\d+) dispatches/, values: [SUBSTEPS * benchDispatches("water")], from: "pipelines.json water rows × 5 substeps"},
    {re: /timed pass holding (one) empty dispatch/i, values: [TIMED_PASS_DISPATCHES], from: "harness TIMED_PASS_DISPATCHES"},
  ],
  "data/bench/sand-h200.md": [
    {
      re: /a substep was then (\d+) dispatches \(clear, count, (three) for\s+the block scan, scatter, forces\), (\d+) per frame; the page now runs (\d+) per substep/,
      values: [AS_BUILT + per(SAND_PHASES, "compute"), BLOCK_SCAN, SUBSTEPS * (AS_BUILT + per(SAND_PHASES, "compute")), per(SAND_PHASES)],
      from: "the sand as built from §3's pieces, and SAND_PHASES",
    },
    {re: /Starting the (seven) dispatches/, values: [AS_BUILT + per(SAND_PHASES, "compute")], from: "the sand as built from §3's pieces"},
  ],
};

const NUMBER =
  "\\d[\\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|single";
/** A count followed (maybe after a few adjectives) by "dispatch(es)", "stage(s)" or "passes". */
const COUNT_PHRASE = new RegExp(
  `\\b(${NUMBER})(?:[\\s-]+(?:small|short|dependent|empty|more|fewer|separate|extra|global|plain))*[\\s-]+(?:dispatch(?:es)?|stages?|passes)\\b`,
  "gi"
);

/** The text as written, with fenced code and ${…} expressions blanked to spaces (same offsets). */
function proseOnly(md: string): string {
  const out = md.split("");
  const blank = (a: number, b: number) => {
    for (let i = a; i < b; i++) if (out[i] !== "\n") out[i] = " ";
  };
  for (const m of md.matchAll(/^```[\s\S]*?^```/gm)) blank(m.index, m.index + m[0].length);
  for (let i = md.indexOf("${"); i >= 0; i = md.indexOf("${", i + 1)) {
    let depth = 0;
    let j = i + 1;
    for (; j < md.length; j++) {
      if (md[j] === "{") depth++;
      else if (md[j] === "}" && --depth === 0) break;
    }
    blank(i, j + 1);
  }
  return out.join("");
}

const countIn = (word: string) => (word.toLowerCase() === "single" ? 1 : countValue(word));

/** Problems in `text` against `claims`: unmatched claims, wrong values, count phrases nobody claims. */
function checkCounts(text: string, claims: Claim[]): string[] {
  const prose = proseOnly(text);
  const problems: string[] = [];
  const claimed: [number, number][] = [];
  for (const c of claims) {
    const re = new RegExp(c.re.source, `${c.re.flags.replace("g", "")}gd`);
    const matches = [...prose.matchAll(re)];
    if (!matches.length) problems.push(`no text matches ${c.re} (reworded? update the claim)`);
    for (const m of matches)
      c.values.forEach((want, g) => {
        const got = countIn(m[g + 1]);
        const [a, b] = m.indices![g + 1]!;
        claimed.push([a, b]);
        if (got !== want) problems.push(`"${m[0].replace(/\s+/g, " ")}": ${m[g + 1]} is written, the code gives ${want} (${c.from})`);
      });
  }
  for (const m of prose.matchAll(COUNT_PHRASE)) {
    const a = m.index;
    if (!claimed.some(([x, y]) => x <= a && a < y))
      problems.push(`"${m[0].replace(/\s+/g, " ")}" (offset ${a}) states a count no claim checks: add a claim saying where it comes from`);
  }
  return problems;
}

describe("counts written in the essay and the notes are the declared ones", () => {
  for (const [file, claims] of Object.entries(CLAIMS))
    it(file, () => {
      expect(checkCounts(read(file), claims)).toEqual([]);
    });

  it("the check catches a wrong count in digits or words, and a count nobody claims", () => {
    const essay = read("src/index.md");
    const claims = CLAIMS["src/index.md"];
    expect(checkCounts(essay.replace("is four short stages", "is five short stages"), claims).join("\n")).toMatch(/five is written, the code gives 4/);
    expect(checkCounts(essay.replace("would take sixteen dispatches", "would take 35 dispatches"), claims).join("\n")).toMatch(
      /35 is written, the code gives 16/
    );
    const added = `${essay}\n\nEach substep runs seven small dispatches, and six dispatches only organise.\n`;
    const problems = checkCounts(added, claims);
    expect(problems.some((p) => p.includes('"seven small dispatches"'))).toBe(true);
    expect(problems.some((p) => p.includes('"six dispatches"'))).toBe(true);
    // computed counts (${…}) and code are not prose
    expect(checkCounts(`${essay}\n\n\${countWord(7)} dispatches\n\n\`\`\`js\nconst x = "nine dispatches";\n\`\`\`\n`, claims)).toEqual([]);
  });
});

describe("stage lists are the declared phases, in order", () => {
  const essay = proseOnly(read("src/index.md"));
  /** The bold names of the numbered list that follows `lead`. */
  const listAfter = (lead: string) => {
    const at = essay.indexOf(lead);
    expect(at, lead).toBeGreaterThan(0);
    const body = essay.slice(at + lead.length).split(/\n\s*\n/)[1] ?? "";
    return [...body.matchAll(/^\d+\. \*\*([^*]+?)\.?\*\*/gm)].map((m) => m[1].toLowerCase());
  };
  it("§4's stages are SAND_PHASES", () => {
    expect(listAfter("One substep of the sand is four short stages:")).toEqual(SAND_PHASES.map((p) => p.label));
  });
  it("§5's two passes are WATER_PHASES' compute phases", () => {
    expect(listAfter("runs two passes over the neighbours, after the same counting sort as the sand:")).toEqual(
      phasesOfRole(WATER_PHASES, "compute").map((p) => p.label)
    );
  });
  it("the sand pipeline diagram draws SAND_PHASES and no clear box", async () => {
    const {SAND_PIPELINE} = await import("../../components/widgets/sand/draw.js");
    expect(SAND_PIPELINE.map((p) => p.key)).toEqual(SAND_PHASES.map((p) => p.key));
    expect(SAND_PIPELINE.some((p) => p.key === "clear")).toBe(false);
  });
});

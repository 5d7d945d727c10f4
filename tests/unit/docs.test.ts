// The docs name only what exists, and name everything that does: the layout tables of
// README.md and docs/ARCHITECTURE.md, their widget lists, the custom elements on /embed, and
// every repository path the docs and the design records (docs/records/) quote. And they say
// only what the code says: every count of widgets against the catalogue, every status claim
// ("pending", "now the default", "until the H200 …") against the constant or data it names.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {EMBED_NAMES, tagOf} from "../../components/embed/names.js";
import {GRAVITY_DEFAULT_WALK} from "../../components/gravity/gpu.js";
import {GRAVITY3_BUILD} from "../../components/gravity3d/bodies.js";
import {MAX_SCAN_BLOCKS} from "../../components/sort/gpu-sort.js";
import {H, WATER_GRID_SIDE, waterGrid} from "../../components/water/params.js";
import {CATALOGUE, embeddableNames} from "../../components/widgets/catalogue.js";

const DOCS = ["README.md", "docs/ARCHITECTURE.md"];
const RECORDS = readdirSync("docs/records")
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/records/${f}`);
const read = (f: string) => readFileSync(f, "utf8");
const dirs = (d: string) => readdirSync(d).filter((n) => statSync(`${d}/${n}`).isDirectory());

/** The rows of a doc's "## Layout" table: [first cell, second cell]. */
function layoutRows(doc: string): [string, string][] {
  const text = read(doc);
  const start = text.indexOf("\n## Layout");
  const table = text.slice(start, text.indexOf("\n## ", start + 5));
  return Array.from(table.matchAll(/^\| (.+?) \| (.+) \|$/gm), (m) => [m[1], m[2]] as [string, string]).filter(([a]) => a !== "path" && !/^-+$/.test(a));
}

/** The paths a layout row's first cell names; a bare folder after a path (`components/contacts/`, `sand/`) is that path's sibling. */
function rowPaths(cell: string): string[] {
  const quoted = Array.from(cell.matchAll(/`([^`]+)`/g), (m) => m[1]);
  const parent = quoted[0]?.replace(/[^/]+\/?$/, "") ?? "";
  return quoted.map((p, i) => (i > 0 && /^[\w-]+\/$/.test(p) ? parent + p : p));
}

/** Files the build writes and git ignores (.gitignore lines naming one file): a doc may quote them before they exist. */
const BUILT = new Set(
  read(".gitignore")
    .split("\n")
    .map((l) => l.trim().replace(/^\//, ""))
    .filter((l) => l && !l.endsWith("/") && !/[*]/.test(l))
);

/** Repository paths quoted in backticks (`components/…`, `scripts/….mjs`, …), without build outputs and patterns. */
function quotedPaths(text: string): string[] {
  const roots = /^(components|scripts|shaders|tests|bench|data|docs|src|packages)\//;
  return [...new Set(Array.from(text.matchAll(/`([^`\s]+)`/g), (m) => m[1].replace(/[.,:;)]+$/, "")))].filter(
    (p) => roots.test(p) && !BUILT.has(p) && !/[<>*{}$]|…|\.\.\./.test(p) && !/^src\/(_bundle|\.observablehq)\b/.test(p) && !/\.(cells|first)\./.test(p)
  );
}

describe("the layout tables", () => {
  for (const doc of DOCS) {
    const rows = layoutRows(doc);
    it(`${doc}: every path of its layout table exists`, () => {
      expect(rows.length).toBeGreaterThan(5);
      const missing = rows.flatMap(([cell]) => rowPaths(cell)).filter((p) => !p.includes("<") && !existsSync(p.replace(/\/$/, "")));
      expect(missing).toEqual([]);
    });
    it(`${doc}: every folder of components/ has a row`, () => {
      const named = rows.flatMap(([cell]) => rowPaths(cell));
      const unnamed = dirs("components").filter((d) => !named.some((p) => p === `components/${d}/` || p.startsWith(`components/${d}/`)));
      expect(unnamed).toEqual([]);
    });
    it(`${doc}: the widgets row lists exactly the widget folders`, () => {
      const row = rows.find(([cell]) => cell.includes("components/widgets/<name>/"));
      expect(row, "a `components/widgets/<name>/` row").toBeDefined();
      const listed = Array.from(row![1].matchAll(/`([a-z0-9-]+)`/g), (m) => m[1]).sort();
      expect(listed).toEqual(
        dirs("components/widgets")
          .filter((d) => d !== "runtime" && d !== "shared")
          .sort()
      );
    });
  }
});

describe("headings", () => {
  for (const doc of DOCS)
    it(`${doc} has each heading once`, () => {
      const heads = Array.from(read(doc).matchAll(/^#{1,3} (.+)$/gm), (m) => m[1]);
      expect(heads.filter((h, i) => heads.indexOf(h) !== i)).toEqual([]);
    });
});

describe("quoted paths", () => {
  for (const doc of [...DOCS, ...RECORDS, "bench/README.md", "components/widgets/runtime/README.md", "components/widgets/shared/README.md"])
    it(`${doc} quotes only paths that exist`, () => {
      expect(quotedPaths(read(doc)).filter((p) => !existsSync(p.replace(/\/$/, "")))).toEqual([]);
    });
});

describe("custom elements", () => {
  const embedPage = read("src/embed.md");
  it("/embed documents every element the site defines", () => {
    expect(EMBED_NAMES.map(tagOf).filter((tag) => !embedPage.includes(`<${tag}`))).toEqual([]);
  });
  it("the docs name no element that does not exist", () => {
    const known = new Set<string>(EMBED_NAMES.map(tagOf));
    const named = new Set(DOCS.concat(RECORDS, "src/embed.md").flatMap((f) => Array.from(read(f).matchAll(/<(ns-[a-z0-9-]+)/g), (m) => m[1])));
    expect([...named].filter((t) => !known.has(t) && t !== "ns-embed")).toEqual([]);
  });
});

/** Every prose doc a reader or maintainer meets: the READMEs, docs/ with the records, the components' READMEs. */
function proseDocs(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(path).isDirectory()) return under(path);
      return name.endsWith(".md") ? [path] : [];
    });
  return ["README.md", "bench/README.md", "packages/elements/README.md", ...under("docs"), ...under("components").filter((f) => f.endsWith("/README.md"))];
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"].concat([
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
]);
const NUMBER = `\\d+|${NUMBER_WORDS.join("|")}`;
const numberOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word.toLowerCase()));

describe("counts of widgets", () => {
  const widgets = Object.keys(CATALOGUE).length;
  const embeddable = embeddableNames(CATALOGUE).length;
  it(`"N widgets" says the catalogue's ${widgets}, "N of the M widgets are embeddable" its ${embeddable}`, () => {
    // a bare count ("15 widgets", "all fifteen widgets") is the catalogue's; a qualified one
    // ("both sort widgets", "six gravity widgets") counts a subset and is not read here; "§3 widgets" is a section
    const wrong = proseDocs().flatMap((f) => {
      const text = read(f).replace(/\s+/g, " ");
      const bare = Array.from(text.matchAll(new RegExp(`(?<![§\\w])(${NUMBER}) widgets\\b`, "gi")), (m) => [m[0], numberOf(m[1]), widgets] as const);
      const embed = Array.from(
        text.matchAll(new RegExp(`\\b(${NUMBER}) of the (?:${NUMBER}) widgets are embeddable`, "gi")),
        (m) => [m[0], numberOf(m[1]), embeddable] as const
      );
      return [...bare, ...embed].filter(([, n, want]) => n !== want).map(([phrase, , want]) => `${f}: "${phrase}" (the catalogue says ${want})`);
    });
    expect(wrong).toEqual([]);
  });
});

/**
 * A status claim: a sentence saying something is pending, not yet done, or now the default. Each is
 * listed here with the constant or the committed data it names and a check that the claim still
 * holds; a claim in the docs that is not listed fails, and so does a listed one that no longer holds.
 */
const STATUS_WORDS =
  /(?<![`"'])\bpending\b(?![`"'])|\bnot yet (?:the )?default\b|\b(?:now|stays|remains|still) the default\b|\buntil (?:the )?H200\b|\bundecided\b|\bnot yet (?:run|rerun|re-run|measured|timed|committed)\b/gi;
/** Words that look like a claim but are not one: the walk's stack of siblings waiting to be visited. */
const NOT_CLAIMS = /siblings pending/gi;

/** Committed benchmark files from the H200. */
const h200Runs = () =>
  readdirSync("data/bench")
    .filter((f) => f.includes("h200") && f.endsWith(".json"))
    .map((f) => read(`data/bench/${f}`));

interface StatusClaim {
  doc: string;
  /** the claim's words in the doc (whitespace-insensitive) */
  text: RegExp;
  /** what it names, and why it still holds */
  holds: () => boolean;
}

const CLAIMS: StatusClaim[] = [
  {
    // the 2D walk's default: GRAVITY_DEFAULT_WALK
    doc: "docs/records/gravity-2d.md",
    text: /The per-thread walk stays the default of `GravityGPU` \(`GRAVITY_DEFAULT_WALK`\)/,
    holds: () => GRAVITY_DEFAULT_WALK === "thread",
  },
  {
    // the octree's build: 5-bit digits and 3 dispatches a level is GRAVITY3_BUILD
    doc: "bench/README.md",
    text: /5-bit digits and the build in 3 dispatches a level \(`GRAVITY3_BUILD`, now the default/,
    holds: () => GRAVITY3_BUILD.sortDigitBits === 5 && GRAVITY3_BUILD.buildLevelDispatches === 3,
  },
  {
    // the water's grid: cells of h (WATER_GRID_SIDE² over the tank), no H200 run of cells of h/2 committed
    doc: "docs/records/water-neighbour-loops.md",
    text: /cells of h\/2 as the default — twice the cells to scan; kept as an option, undecided until H200 figures for it exist/,
    holds: () => waterGrid().cellSize === H && !h200Runs().some((j) => j.includes("h/2")),
  },
  {
    doc: "bench/README.md",
    text: /the widgets keep the 256 × 256 grid until the H200 harness confirms it/,
    holds: () => WATER_GRID_SIDE === 256 && waterGrid().cellSize === H && !h200Runs().some((j) => j.includes("h/2")),
  },
  {
    // the sort's scan blocks on a GPU (MAX_SCAN_BLOCKS); no committed H200 sort with one block
    doc: "bench/README.md",
    text: /the 256 contended block atomics may cost there \(not yet timed with B = 1 on the H200\)/,
    holds: () => MAX_SCAN_BLOCKS === 256 && !h200Runs().some((j) => /\bB = 1\b|"scanBlocks":\s*1\b|scan in 1 block/.test(j)),
  },
];

describe("status claims", () => {
  it("every status claim in the docs is listed with what it names", () => {
    const unlisted = proseDocs().flatMap((f) => {
      const text = read(f).replace(/\s+/g, " ").replace(NOT_CLAIMS, "");
      const spans = CLAIMS.filter((c) => c.doc === f).flatMap((c) => {
        const m = new RegExp(c.text.source.replace(/ /g, "\\s+")).exec(text);
        return m ? [[m.index, m.index + m[0].length]] : [];
      });
      // a quoted word is named, not claimed ("pending" as a value of `.value.engine`): blanked, same length
      const unquoted = text.replace(/"[^"]{1,40}"|`[^`]+`/g, (q) => " ".repeat(q.length));
      return Array.from(unquoted.matchAll(STATUS_WORDS))
        .filter((m) => !spans.some(([a, b]) => m.index >= a && m.index < b))
        .map((m) => `${f}: "…${text.slice(Math.max(0, m.index - 60), m.index + 40)}…"`);
    });
    expect(unlisted).toEqual([]);
  });

  for (const c of CLAIMS)
    it(`${c.doc}: "${c.text.source.slice(0, 50)}…" is there and still holds`, () => {
      expect(new RegExp(c.text.source.replace(/ /g, "\\s+")).test(read(c.doc).replace(/\s+/g, " ")), "the claim's words").toBe(true);
      expect(c.holds()).toBe(true);
    });
});

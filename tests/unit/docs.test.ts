// The docs name only what exists, and name everything that does: the layout tables of
// README.md and docs/ARCHITECTURE.md, their widget lists, the custom elements on /embed, and
// every repository path the docs and the design records (docs/records/) quote.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {EMBED_NAMES, tagOf} from "../../components/embed/names.js";

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
  for (const doc of [...DOCS, ...RECORDS, "bench/README.md", "components/widgets/runtime/README.md"])
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

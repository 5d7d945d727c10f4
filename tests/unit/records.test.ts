// The design records: docs/ARCHITECTURE.md is an index of docs/records/, one record per area,
// each short enough to read whole, each with one short entry in the index (status, chosen,
// rejected, measured with a pointer). The index links every record and only records that exist,
// records name each other by files that exist, no doc under docs/ cites a numbered work item,
// and the code keeps the index's rule that imports point down the stack of rooms.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {dirname, join, normalize, relative} from "node:path";
import {describe, expect, it} from "vitest";

const INDEX = "docs/ARCHITECTURE.md";
const RECORDS = "docs/records";
/** The longest a record may be, in lines: read whole in one sitting. */
const MAX_RECORD_LINES = 200;
/** The index stays an index. */
const MAX_INDEX_LINES = 150;
/** The longest an index entry may be, in lines: status, chosen, rejected, measured, and no more. */
const MAX_ENTRY_LINES = 6;

const read = (f: string) => readFileSync(f, "utf8");
const lines = (f: string) => read(f).split("\n").length;
const records = () =>
  readdirSync(RECORDS)
    .filter((f) => f.endsWith(".md"))
    .sort();

/** Every Markdown file under a folder, recursively. */
function markdownUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownUnder(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

/** The records the index links: `[name](records/<file>.md)`. */
function linkedRecords(): string[] {
  return Array.from(read(INDEX).matchAll(/\]\(records\/([^)#\s]+\.md)(?:#[^)]*)?\)/g), (m) => m[1]);
}

describe("the index and the records", () => {
  it("every record the index links exists", () => {
    const linked = linkedRecords();
    expect(linked.length).toBeGreaterThan(5);
    expect(linked.filter((f) => !existsSync(join(RECORDS, f)))).toEqual([]);
  });

  it("every file in docs/records/ is linked from the index, once", () => {
    const linked = linkedRecords();
    expect(records().filter((f) => !linked.includes(f))).toEqual([]);
    expect(linked.filter((f, i) => linked.indexOf(f) !== i)).toEqual([]);
  });

  it(`no record is longer than ${MAX_RECORD_LINES} lines, the index not longer than ${MAX_INDEX_LINES}`, () => {
    expect(records().filter((f) => lines(join(RECORDS, f)) > MAX_RECORD_LINES)).toEqual([]);
    expect(lines(INDEX)).toBeLessThanOrEqual(MAX_INDEX_LINES);
  });

  it("each record opens with one title and says what is still weak or missed", () => {
    for (const f of records()) {
      const text = read(join(RECORDS, f));
      expect(text.startsWith("# "), f).toBe(true);
      expect(text.match(/^# /gm)?.length, f).toBe(1);
      expect(/still weak|weak:|missed|not tried|rejected/i.test(text), f).toBe(true);
    }
  });

  it("a record named by its file alone (`loading.md`) is a record that exists", () => {
    const known = new Set(records());
    const others = new Set(["README.md", "PLATFORM.md", "ARCHITECTURE.md", "water.md", "tuning.md"]);
    const missing = records().flatMap((f) =>
      Array.from(read(join(RECORDS, f)).matchAll(/`([a-z0-9-]+\.md)`/g), (m) => m[1])
        .filter((name) => !known.has(name) && !others.has(name))
        .map((name) => `${f}: ${name}`)
    );
    expect(missing).toEqual([]);
  });

  it(`the index gives each record one entry of at most ${MAX_ENTRY_LINES} lines: status, chosen, rejected, measured with a pointer`, () => {
    const text = read(INDEX);
    const start = text.indexOf("\n## Design records");
    const section = text.slice(start, text.indexOf("\n## ", start + 5) === -1 ? undefined : text.indexOf("\n## ", start + 5));
    const entries = section
      .split(/\n(?=- \[)/)
      .slice(1)
      .map((e) => e.split(/\n(?! {2})/)[0]);
    expect(entries.length).toBe(records().length);
    const shape = /^- \[[\w-]+\]\(records\/[\w-]+\.md\) — \*\*Status:\*\*\s+\S.*\*\*Chosen:\*\*\s+\S.*\*\*Rejected:\*\*\s+\S.*\*\*Measured:\*\*\s+(.+)$/s;
    const bad = entries.flatMap((e) => {
      const name = e.slice(0, e.indexOf(")") + 1);
      const m = shape.exec(e);
      if (!m) return [`${name}: not "Status, Chosen, Rejected, Measured"`];
      const pointers = Array.from(m[1].matchAll(/`((?:data|tests|bench|docs|components)\/[^`\s]+)`/g), (p) => p[1]);
      return [
        ...(e.split("\n").length > MAX_ENTRY_LINES ? [`${name}: ${e.split("\n").length} lines`] : []),
        ...(pointers.length === 0 ? [`${name}: "Measured" points to no committed file`] : []),
        ...pointers.filter((p) => !existsSync(p.replace(/\/$/, ""))).map((p) => `${name}: ${p} does not exist`),
      ];
    });
    expect(bad).toEqual([]);
  });

  it("no doc under docs/ cites a numbered issue", () => {
    const cites = markdownUnder("docs").flatMap((f) => Array.from(read(f).matchAll(/\bissues? #?\d+/gi), (m) => `${f}: ${m[0]}`));
    expect(cites).toEqual([]);
  });
});

/**
 * The rooms of components/, bottom first (docs/ARCHITECTURE.md, "Rooms, and imports that point down").
 * A room's modules import from their own room or from rooms of a lower rank. The widgets' rooms
 * (runtime, shared, the widget folders) sit above every physics room, so no physics imports a widget.
 */
const RANK: Record<string, number> = {
  gpu: 0,
  "d3.ts": 0,
  "palette.ts": 0,
  lib: 0,
  sim: 1,
  sort: 2,
  contacts: 3,
  sand: 3,
  water: 3,
  gravity: 3,
  gravity3d: 4,
  dust: 4,
  // above the physics whose twins it checks against (dust's compaction included), below the widgets that run it
  exercises: 4.5,
  "widgets/runtime": 5,
  "widgets/shared": 6,
  "widgets/*": 7,
  embed: 8,
  bench: 8,
  essay: 9,
  pages: 10,
};
/** Imports that go up, each named in the index: from → to (paths under components/). None now; a new one is named here and there. */
const EXCEPTIONS = new Set<string>([]);
/** The rooms that must never import anything under components/widgets/ (the runtime and the shared rooms included). */
const BELOW_WIDGETS = ["gpu", "lib", "sim", "sort", "contacts", "sand", "water", "gravity", "gravity3d", "dust"];
/** Folders of components/widgets/ that are not widgets: what every widget is made of, and the rooms several widgets share. */
const NOT_WIDGETS = new Set(["runtime", "shared"]);

/** A path under components/ → its room (the d3 functions and the palettes they use are one room). */
function roomOf(path: string): string {
  if (path === "d3.ts" || path === "palette.ts") return "lib";
  const parts = path.split("/");
  if (parts[0] === "widgets") return NOT_WIDGETS.has(parts[1]) ? `widgets/${parts[1]}` : "widgets/*";
  return parts[0];
}

/** The widget folder a path under components/ is in (`widgets/<name>/…`, not runtime or shared), else null. */
function widgetOf(path: string): string | null {
  const parts = path.split("/");
  return parts[0] === "widgets" && parts.length > 2 && !NOT_WIDGETS.has(parts[1]) ? parts[1] : null;
}

function tsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsUnder(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every relative import of a module under components/ that stays under components/: [from, to], paths under components/. */
function importEdges(): [string, string][] {
  const edges: [string, string][] = [];
  for (const file of tsUnder("components")) {
    const from = relative("components", file);
    for (const m of read(file).matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const to = relative("components", normalize(join(dirname(file), m[1]))).replace(/\.js$/, ".ts");
      if (!to.startsWith("..")) edges.push([from, to]);
    }
  }
  return edges;
}

describe("imports point down", () => {
  it("every room of components/ has a rank, the physics below the widgets' rooms", () => {
    const rooms = readdirSync("components").filter(
      (n) => n !== "widgets" && (statSync(`components/${n}`).isDirectory() || (n.endsWith(".ts") && !n.endsWith(".d.ts")))
    );
    expect(rooms.filter((r) => RANK[r] === undefined)).toEqual([]);
    expect(BELOW_WIDGETS.filter((r) => !(RANK[r] < RANK["widgets/runtime"]))).toEqual([]);
  });

  it("no module imports from a room above its own, but the named exceptions", () => {
    const up = importEdges()
      .filter(([from, to]) => roomOf(to) !== roomOf(from) && !(RANK[roomOf(to)] < RANK[roomOf(from)]))
      .map(([from, to]) => `${from} → ${to}`)
      .filter((edge) => !EXCEPTIONS.has(edge));
    expect(up).toEqual([]);
  });

  it("the GPU core, the simulations' shared room and the physics import nothing under components/widgets/", () => {
    const bad = importEdges()
      .filter(([from, to]) => BELOW_WIDGETS.includes(roomOf(from)) && to.startsWith("widgets/"))
      .map(([from, to]) => `${from} → ${to}`);
    expect(bad).toEqual([]);
  });

  it("no widget folder imports another widget's folder (what widgets share is in widgets/runtime/ or widgets/shared/)", () => {
    const sideways = importEdges()
      .filter(([from, to]) => widgetOf(from) !== null && widgetOf(to) !== null && widgetOf(from) !== widgetOf(to))
      .map(([from, to]) => `${from} → ${to}`);
    expect(sideways).toEqual([]);
  });
});

describe("the pages' entries", () => {
  it("every page's entry is components/pages/<name>.ts for src/_bundle/<name>.js, and every file there is an entry", async () => {
    const {PAGES} = (await import("../../scripts/bundle-page.mjs")) as {PAGES: Record<string, Record<string, string>>};
    const entries = Object.values(PAGES).flatMap((page) => Object.entries(page));
    expect(entries.filter(([name, file]) => file !== `components/pages/${name}.ts`)).toEqual([]);
    const files = readdirSync("components/pages").map((f) => `components/pages/${f}`);
    expect(files.sort()).toEqual(entries.map(([, file]) => file).sort());
  });
});

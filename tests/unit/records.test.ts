// The design records: docs/ARCHITECTURE.md is an index of docs/records/, one record per area,
// each short enough to read whole. The index links every record and only records that exist,
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

  it("no doc under docs/ cites a numbered issue", () => {
    const cites = markdownUnder("docs").flatMap((f) => Array.from(read(f).matchAll(/\bissues? #?\d+/gi), (m) => `${f}: ${m[0]}`));
    expect(cites).toEqual([]);
  });
});

/**
 * The rooms of components/, bottom first (docs/ARCHITECTURE.md, "Rooms, and imports that point down").
 * A room's modules import from their own room or from rooms of a lower rank.
 */
const RANK: Record<string, number> = {
  gpu: 0,
  "d3.ts": 0,
  "palette.ts": 0,
  lib: 0,
  sim: 1,
  "widgets/runtime": 2,
  sort: 3,
  contacts: 4,
  sand: 4,
  water: 4,
  gravity: 4,
  gravity3d: 5,
  dust: 5,
  // above the physics whose twins it checks against (dust's compaction included), below the widgets that run it
  exercises: 5.5,
  "widgets/*": 6,
  embed: 7,
  bench: 7,
  essay: 8,
  pages: 9,
};
/** Imports that go up, each named in the index: from → to (paths under components/). */
const EXCEPTIONS = new Set(["dust/story.ts → widgets/scan-scrub/model.ts"]);

/** A path under components/ → its room (the d3 functions and the palettes they use are one room). */
function roomOf(path: string): string {
  if (path === "d3.ts" || path === "palette.ts") return "lib";
  const parts = path.split("/");
  if (parts[0] === "widgets") return parts[1] === "runtime" ? "widgets/runtime" : "widgets/*";
  return parts[0];
}

function tsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsUnder(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

describe("imports point down", () => {
  it("every room of components/ has a rank", () => {
    const rooms = readdirSync("components").filter(
      (n) => n !== "widgets" && (statSync(`components/${n}`).isDirectory() || (n.endsWith(".ts") && !n.endsWith(".d.ts")))
    );
    expect(rooms.filter((r) => RANK[r] === undefined)).toEqual([]);
  });

  it("no module imports from a room above its own, but the named exceptions", () => {
    const up: string[] = [];
    for (const file of tsUnder("components")) {
      const from = relative("components", file);
      const room = roomOf(from);
      for (const m of read(file).matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
        const to = relative("components", normalize(join(dirname(file), m[1]))).replace(/\.js$/, ".ts");
        if (to.startsWith("..")) continue;
        const target = roomOf(to);
        if (target === room || RANK[target] < RANK[room]) continue;
        const edge = `${from} → ${to}`;
        if (!EXCEPTIONS.has(edge)) up.push(edge);
      }
    }
    expect(up).toEqual([]);
  });
});

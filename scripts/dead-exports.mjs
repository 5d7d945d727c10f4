// Dead exports and doubled type names under components/ (`npm run lint` runs it after biome).
//
// Rule 1, no dead exports: every name a components/**/*.ts module exports (function, const,
// let, var, class, interface, type, enum, and the names of `export {a, b}` / `export {a} from`
// lists) must be referenced in some OTHER file among components/, src/ (the .md pages import
// modules in their code blocks), tests/, scripts/, bench/, packages/ and observablehq.config.ts.
// A name used only inside its own file is dead as an export: drop the `export` keyword (or the
// code, when nothing uses it at all). An export is a promise that some other module needs the
// name; a dead one hides unused code from TypeScript's noUnusedLocals and makes a reader look
// for callers that do not exist.
//
// Rule 2, one meaning per type name: no exported type or interface name is declared in two
// files under components/ (two `PipelinePhase`s that mean different things make every import
// of one a guess at which).
//
// The match is loose on purpose, with no parser: a reference is any whole-word occurrence of
// the name (comments and prose in .md pages count too), in a file that does not itself declare
// an export of that name. `export {…}` lists are left out of the text searched, so a re-export
// keeps a name alive only when the name is itself used somewhere else (through the re-exporting
// module or not); an `import {a}` that only feeds a local `export {a}` still counts as a use.
// The .d.ts files under components/ (declarations of outside modules) export nothing here.
// Files: those git tracks or would track (untracked, not ignored) when the root is a work tree
// (generated bundles are ignored), else every file found walking the folders (symlinks skipped).
//
//   node scripts/dead-exports.mjs [root]
import {execFileSync} from "node:child_process";
import {existsSync, lstatSync, readdirSync, readFileSync} from "node:fs";
import {join, relative, resolve, sep} from "node:path";

/** Where exports are checked; the other places only reference them. */
export const EXPORT_DIRS = ["components"];
/** Where references count (files and folders, from the root). */
export const REFERENCE_PATHS = ["components", "src", "tests", "scripts", "bench", "packages", "observablehq.config.ts"];
const EXTENSIONS = /\.(ts|mts|cts|tsx|js|mjs|cjs|md)$/;

/**
 * Exports kept although no other file names them: `path:Name` → why. Keep it short; every
 * entry needs a reason (public API for embedding authors, a name reached through a string).
 */
export const ALLOW = new Map([
  // e.g. ["components/embed/element.ts:SomeName", "public API of the element module (packages/elements)"],
]);

// `export {…}` and `export type {…}` lists, with or without `from`
const EXPORT_LIST = /^[ \t]*export\s+(?:type\s+)?\{([^}]*)\}(?:\s*from\s*["'][^"']*["'])?\s*;?/gm;

/** The names `source` exports: `{name, line, kind}`; kind is "type" for a type or interface, "list" for an `export {…}` name. */
export function exportedNames(source) {
  const out = [];
  const lineOf = (index) => source.slice(0, index).split("\n").length;
  const decl =
    /^[ \t]*export\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(function\s*\*?|const\s+enum|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
  for (const m of source.matchAll(decl)) {
    const kind = m[1] === "interface" || m[1] === "type" ? "type" : "value";
    out.push({name: m[2], line: lineOf(m.index), kind});
  }
  // export const {a, b: c} = … (destructured: the local names)
  for (const m of source.matchAll(/^[ \t]*export\s+(?:const|let|var)\s+\{([^}]*)\}\s*=/gm)) {
    for (const part of m[1].split(",")) {
      const name = part.split(":").pop().trim();
      if (name) out.push({name, line: lineOf(m.index), kind: "value"});
    }
  }
  for (const m of source.matchAll(EXPORT_LIST)) {
    for (const part of m[1].split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()
        .trim();
      if (/^[A-Za-z_$][\w$]*$/.test(name) && name !== "default") out.push({name, line: lineOf(m.index), kind: "list"});
    }
  }
  return out;
}

/** Every file under `paths` (files or folders, relative to `root`), as paths relative to `root` with forward slashes. */
function listFiles(root, paths) {
  let tracked = null;
  try {
    const top = execFileSync("git", ["-C", root, "rev-parse", "--show-toplevel"], {encoding: "utf8", stdio: ["ignore", "pipe", "ignore"]}).trim();
    if (resolve(top) === resolve(root)) {
      const out = execFileSync("git", ["-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...paths], {
        encoding: "utf8",
        maxBuffer: 64 << 20,
      });
      tracked = [...new Set(out.split("\0").filter(Boolean))];
    }
  } catch {
    tracked = null;
  }
  const files = [];
  const keep = (rel) => {
    const full = join(root, rel);
    if (!EXTENSIONS.test(rel) || !existsSync(full)) return;
    if (lstatSync(full).isSymbolicLink()) return;
    files.push(rel.split(sep).join("/"));
  };
  if (tracked) {
    tracked.forEach(keep);
    return files.sort();
  }
  const walk = (rel) => {
    const full = join(root, rel);
    if (!existsSync(full)) return;
    const st = lstatSync(full);
    if (st.isSymbolicLink()) return;
    if (st.isFile()) return keep(rel);
    for (const entry of readdirSync(full, {withFileTypes: true})) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      walk(join(rel, entry.name));
    }
  };
  paths.forEach(walk);
  return files.sort();
}

const escapeName = (name) => name.replace(/\$/g, "\\$");

/**
 * Checks the tree at `root`. Returns `dead` (exports no other file references, less `allow`)
 * as `{file, name, line}` and `duplicates` (type names declared as exports in two or more
 * component files) as `{name, files}`.
 */
export function findDeadExports(root, {exportDirs = EXPORT_DIRS, referencePaths = REFERENCE_PATHS, allow = ALLOW} = {}) {
  const exportFiles = listFiles(root, exportDirs).filter((f) => /\.(ts|mts|cts|tsx)$/.test(f) && !/\.d\.[mc]?ts$/.test(f));
  const referenceFiles = listFiles(root, referencePaths);
  const text = new Map();
  const read = (f) => {
    if (!text.has(f)) text.set(f, readFileSync(join(root, f), "utf8"));
    return text.get(f);
  };
  // What a file says outside its export lists, and the names it declares as exports itself
  const searched = new Map(referenceFiles.map((f) => [f, read(f).replace(EXPORT_LIST, "")]));
  const exportsOf = new Map(exportFiles.map((f) => [f, exportedNames(read(f))]));
  const declares = new Map();
  for (const [f, names] of exportsOf) {
    for (const {name, kind} of names) {
      if (kind === "list") continue;
      if (!declares.has(name)) declares.set(name, new Set());
      declares.get(name).add(f);
    }
  }
  const dead = [];
  for (const [file, names] of exportsOf) {
    const seen = new Set();
    for (const {name, line} of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      if (allow.has(`${file}:${name}`)) continue;
      const word = new RegExp(`(?<![\\w$])${escapeName(name)}(?![\\w$])`);
      const owners = declares.get(name) ?? new Set();
      const used = referenceFiles.some((f) => f !== file && !owners.has(f) && word.test(searched.get(f)));
      if (!used) dead.push({file, name, line});
    }
  }
  const typeFiles = new Map();
  for (const [f, names] of exportsOf) {
    for (const {name, kind} of names) {
      if (kind !== "type") continue;
      if (!typeFiles.has(name)) typeFiles.set(name, new Set());
      typeFiles.get(name).add(f);
    }
  }
  const duplicates = [...typeFiles]
    .filter(([, files]) => files.size > 1)
    .map(([name, files]) => ({name, files: [...files].sort()}))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {dead, duplicates};
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(process.argv[2] ?? ".");
  const {dead, duplicates} = findDeadExports(root);
  for (const {file, name, line} of dead) console.error(`${relative(process.cwd(), join(root, file))}:${line}  ${name}  is exported but no other file uses it`);
  for (const {name, files} of duplicates) console.error(`type ${name} is exported by ${files.length} files: ${files.join(", ")}`);
  if (dead.length || duplicates.length) {
    console.error(
      `\ndead-exports: ${dead.length} dead export(s), ${duplicates.length} doubled type name(s). ` +
        "Drop the `export` (or the unused code), rename one of the types, or add a reasoned entry to ALLOW in scripts/dead-exports.mjs."
    );
    process.exit(1);
  }
  console.log("dead-exports: every export under components/ is used elsewhere; every exported type name has one home");
}

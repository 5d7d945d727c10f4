// Bundles every page's code into src/_bundle/ (PAGES below), which the pages import: the essay
// (src/index.md) gets hero.js (what the first screen needs: the GPU device, the water widget, the
// contents, the loader of the rest) and one module per later section (neighbours.js, sort.js,
// sand.js, charts.js, and exercise.js for the "Write this kernel yourself" disclosures, loaded when
// one is first opened); the gravity page gravity.js; the Worlds from Dust page dust.js (and
// dust-exercise.js, its disclosure's); the benchmark page bench.js; the exercises page exercises.js. The code they
// share is in esbuild's chunks (one build graph). The hero's cell imports hero.js (Framework
// preloads it and its chunks); the essay's other cells load their module with loadNear()
// (components/essay/load.ts): after the hero's first frame, on approach or when idle. See
// docs/records/loading.md.
//
//   node scripts/bundle-page.mjs           build once (`npm run build` runs it first)
//   node scripts/bundle-page.mjs --serve   build, rebuild on every change, and run
//                                          `observable preview` on the same code (npm start)
//   node scripts/bundle-page.mjs --analyze build once and print what takes the bytes
//
// - esbuild's code splitting keeps one copy of components/gpu/context.ts, so a page keeps one
//   shared GPU device.
// - d3 and htl are bundled in and tree-shaken; d3 is never in the hero's graph.
// - The shader loader (components/gpu/wgsl-browser.ts: one FileAttachment fetch per file)
//   is replaced in the bundle by the WGSL sources as strings, read from shaders/ when the
//   bundle is built, without their comments: the disc renderer's (the hero's first frame) in
//   the hero's graph; the sort's and the water's (the hero's simulation, loaded after that
//   frame) together; the sand's, the grid query's, the gravity page's and the benchmark's in
//   chunks of their own, loaded when first compiled. The files the pages show (SHOWN_WGSL)
//   also travel as written, a chunk per folder, which the pages' `browserWGSL` (shownWGSL)
//   loads. The unbundled modules (embedding, Node tests) keep the fetching loader and the same files.
import {spawn} from "node:child_process";
import {readFileSync, rmSync} from "node:fs";
import {join, resolve} from "node:path";
import * as esbuild from "esbuild";
import {shaderFiles, withoutComments} from "./wgsl-sources.mjs";

/**
 * Every page's modules, by page: src/_bundle/<name>.js from components/pages/<name>.ts (every
 * page's entries in that one folder, each named as its bundle). A page's cells
 * import only its own entries (scripts/check-build.mjs checks the built pages), so every module a
 * page runs comes from this one build graph: one copy of each, one shared GPU device per page.
 * The embedding pages (src/embed/, src/embed.md) load the unbundled modules: they are the
 * embedding API's own demonstration, and a host page loads the same files.
 */
export const PAGES = {
  index: {
    hero: "components/pages/hero.ts",
    neighbours: "components/pages/neighbours.ts",
    sort: "components/pages/sort.ts",
    sand: "components/pages/sand.ts",
    charts: "components/pages/charts.ts",
    // the "Write this kernel yourself" disclosures: loaded when the reader first opens one
    exercise: "components/pages/exercise.ts",
  },
  gravity: {"gravity-hero": "components/pages/gravity-hero.ts", gravity: "components/pages/gravity.ts"},
  "worlds-from-dust": {"dust-hero": "components/pages/dust-hero.ts", dust: "components/pages/dust.ts", "dust-exercise": "components/pages/dust-exercise.ts"},
  bench: {bench: "components/pages/bench.ts"},
  exercises: {exercises: "components/pages/exercises.ts"},
};
const OUT = "src/_bundle";
/** Shader folders whose (comment-free) sources load in a chunk of their own on first compile; the rest (the sort and the water: the hero's simulation) load together. */
const LATER_GROUPS = ["contacts", "sand", "gravity", "gravity3d", "dust", "bench", "exercises"];
/** Groups whose files keep their comments: the exercises' starters and solutions are read by the reader (components/widgets/exercise/). */
const AS_WRITTEN = new Set(["exercises"]);
/** Shaders filed with another folder's group: the bodies' renderer is the gravity page's. */
const GROUP_OF_FILE = {"render/bodies.wgsl": "gravity"};

/**
 * The shaders shown to readers, as written (comments and excerpt markers included), by page.
 * Listed here, not searched for: tests/unit/shown-wgsl.test.ts holds this list equal to the
 * files the pages pass to createWGSLCode. Each folder's shown files travel in a chunk of their
 * own (`shown-<folder>`), which the pages' `shownWGSL` loads on first use.
 */
export const SHOWN_WGSL = {
  index: ["sort/scan.wgsl", "sort/scan_single.wgsl", "water/density.wgsl", "water/force.wgsl"],
  gravity: ["gravity/direct.wgsl", "gravity/tree.wgsl", "gravity/walk.wgsl", "gravity/walk_subgroup.wgsl"],
  "worlds-from-dust": ["dust/contacts.wgsl", "dust/merge_compact.wgsl"],
};
const SHOWN = new Set(Object.values(SHOWN_WGSL).flat());

/** The shaders of the hero's first frame (the water's field renderer), in the hero's own module. */
const FIRST = new Set(["common/particle.wgsl", "render/ramp.wgsl", "render/water_field.wgsl"]);
/**
 * A shader's group: "first" (FIRST), its folder for the LATER_GROUPS, else "sim" (the sort and
 * the water, loaded with the hero's simulation after its first frame).
 */
const groupOf = (f) => (FIRST.has(f) ? "first" : (GROUP_OF_FILE[f] ?? (LATER_GROUPS.includes(f.split("/")[0]) ? f.split("/")[0] : "sim")));
/** The chunk a shown file travels in, as written. */
const shownGroupOf = (f) => `shown-${f.split("/")[0]}`;

/**
 * Replaces the fetching shader loader with one that holds the hero's shaders and imports the
 * others' (and the shown files as written) on first use: virtual modules `wgsl-sources:<group>`.
 */
const inlineShaders = {
  name: "inline-shaders",
  setup(build) {
    const loader = resolve("components/gpu/wgsl-browser.ts");
    build.onLoad({filter: /wgsl-browser\.ts$/}, (args) => {
      if (args.path !== loader) return undefined;
      const files = shaderFiles();
      // the exercises' files are found by their folder, not listed: the table travels in the hero's graph
      const placed = files.filter((f) => groupOf(f) !== "first" && !AS_WRITTEN.has(groupOf(f)));
      // a folder's group, and the files filed elsewhere: the table travels in the hero's first frame,
      // and one line per folder is ≈ 2 KB lighter than one per file
      const byFolder = {};
      for (const f of placed) (byFolder[f.split("/")[0]] ??= []).push(groupOf(f));
      const folderGroup = Object.fromEntries(
        Object.entries(byFolder).map(([d, gs]) => [d, gs.sort((a, b) => gs.filter((g) => g === b).length - gs.filter((g) => g === a).length)[0]])
      );
      const fileGroup = Object.fromEntries(placed.filter((f) => groupOf(f) !== folderGroup[f.split("/")[0]]).map((f) => [f, groupOf(f)]));
      const shownWhere = Object.fromEntries([...SHOWN].map((f) => [f, shownGroupOf(f)]));
      const groups = ["sim", ...LATER_GROUPS, ...new Set(Object.values(shownWhere))];
      const later = groups.map((g) => `${JSON.stringify(g)}: () => import("wgsl-sources:${g}")`).join(", ");
      const contents = `import type {WGSLLoader} from "./wgsl.js";
import {sources as first} from "wgsl-sources:first";
const groups: Record<string, () => Promise<{sources: Record<string, string>}>> = {${later}};
const folderGroup: Record<string, string> = ${JSON.stringify(folderGroup)};
const fileGroup: Record<string, string> = ${JSON.stringify(fileGroup)};
const shownWhere: Record<string, string> = ${JSON.stringify(shownWhere)};
const unknown = (path: string) => Promise.reject(new Error(\`unknown shader \${path}\`));
/** shaders/<path> without comments, bundled into the page's code by scripts/bundle-page.mjs (the renderer's at once, the others on first use). */
const folder = (path: string) => path.slice(0, path.indexOf("/"));
const groupOfPath = (path: string) =>
  fileGroup[path] ?? folderGroup[folder(path)] ?? (${JSON.stringify([...AS_WRITTEN])}.includes(folder(path)) ? folder(path) : undefined);
export const browserWGSL: WGSLLoader = (path) => {
  if (path in first) return Promise.resolve(first[path]);
  const group = groupOfPath(path);
  return group ? groups[group]().then((m) => m.sources[path] ?? unknown(path)) : unknown(path);
};
/** shaders/<path> as written, comments included, for the listings the essay shows (loaded on first use). */
export const shownWGSL: WGSLLoader = (path) =>
  path in shownWhere ? groups[shownWhere[path]]().then((m) => m.sources[path]) : browserWGSL(path);
`;
      return {contents, loader: "ts", watchFiles: files.map((f) => resolve("shaders", f)), watchDirs: [resolve("shaders")]};
    });
    build.onResolve({filter: /^wgsl-sources:/}, (args) => ({path: args.path.slice("wgsl-sources:".length), namespace: "wgsl-sources"}));
    build.onLoad({filter: /.*/, namespace: "wgsl-sources"}, (args) => {
      const files = shaderFiles();
      const group = args.path;
      const shown = group.startsWith("shown-");
      const picked = files.filter((f) => (shown ? SHOWN.has(f) && shownGroupOf(f) === group : groupOf(f) === group));
      const sources = Object.fromEntries(
        picked.map((f) => {
          const text = readFileSync(join("shaders", f), "utf8");
          return [f, shown || AS_WRITTEN.has(group) ? text : withoutComments(text)];
        })
      );
      return {contents: `export const sources = ${JSON.stringify(sources)};`, loader: "js", watchFiles: picked.map((f) => resolve("shaders", f))};
    });
  },
};

/**
 * esbuild options for one page's entries (`entries`: name → file); `dev` keeps names readable
 * and adds inline source maps (npm start). One build per page: its chunks are split for that
 * page alone (a chunk shared with another page would cut the hero's graph into more requests);
 * a chunk two pages' builds both make has the same content and name.
 */
function options(entries, dev) {
  return {
    entryPoints: Object.entries(entries).map(([name, file]) => ({in: file, out: name})),
    outdir: OUT,
    bundle: true,
    splitting: true,
    chunkNames: "chunk-[hash]",
    format: "esm",
    target: "es2022",
    minify: !dev && !process.env.BUNDLE_NAMES,
    sourcemap: dev ? "inline" : false,
    // Framework's modules stay imports Framework resolves.
    external: ["observablehq:*", "npm:*"],
    plugins: [inlineShaders],
    logLevel: "warning",
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const serve = process.argv.includes("--serve");
  const analyze = process.argv.includes("--analyze");
  rmSync(OUT, {recursive: true, force: true});
  if (!serve) {
    const results = await Promise.all(Object.values(PAGES).map((entries) => esbuild.build({...options(entries, false), metafile: true})));
    const r = {metafile: {inputs: {}, outputs: {}}};
    for (const {metafile} of results) {
      Object.assign(r.metafile.inputs, metafile.inputs);
      Object.assign(r.metafile.outputs, metafile.outputs);
    }
    if (process.env.BUNDLE_META) (await import("node:fs")).writeFileSync(process.env.BUNDLE_META, JSON.stringify(r.metafile));
    const outs = Object.entries(r.metafile.outputs);
    const kb = outs.reduce((s, [, o]) => s + o.bytes, 0) / 1024;
    if (analyze) console.log(await esbuild.analyzeMetafile(r.metafile));
    // the hero's graph: its entry and the chunks it imports statically (what the first view loads)
    const heroOut = `${OUT}/hero.js`;
    const graph = new Set([heroOut]);
    for (const f of graph) for (const i of r.metafile.outputs[f].imports) if (i.kind === "import-statement" && !i.external) graph.add(i.path);
    const heroKb = [...graph].reduce((s, f) => s + r.metafile.outputs[f].bytes, 0) / 1024;
    const bytesOf = (f) => `${f.slice(OUT.length + 1)} ${(r.metafile.outputs[f].bytes / 1024).toFixed(1)}`;
    console.log(
      `bundle-page: ${outs.length} modules, ${kb.toFixed(0)} KB minified; the hero's graph ${heroKb.toFixed(1)} KB (${[...graph].map(bytesOf).join(", ")})`
    );
  } else {
    const contexts = await Promise.all(Object.values(PAGES).map((entries) => esbuild.context(options(entries, true))));
    for (const ctx of contexts) await ctx.rebuild();
    for (const ctx of contexts) await ctx.watch();
    const dispose = () => contexts.forEach((ctx) => ctx.dispose());
    const preview = spawn(resolve("node_modules/.bin/observable"), ["preview", ...process.argv.slice(2).filter((a) => a !== "--serve")], {stdio: "inherit"});
    const stop = () => {
      preview.kill();
      dispose();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    preview.on("exit", (code) => {
      dispose();
      process.exit(code ?? 0);
    });
  }
}

// Bundles the essay's code into a few modules in src/_bundle/, which src/index.md imports:
// hero.js (what the first screen needs: the GPU device, the water widget, the contents, the
// loader of the rest) and one module per later section (neighbours.js, sort.js, sand.js), with
// the code they share in esbuild's chunks. The hero's cell imports hero.js (Framework preloads it
// and its chunks); the other cells load their module with loadNear() (components/essay/load.ts):
// after the hero's first frame, on approach or when idle. See docs/ARCHITECTURE.md ("Loading").
//
//   node scripts/bundle-page.mjs           build once (`npm run build` runs it first)
//   node scripts/bundle-page.mjs --serve   build, rebuild on every change, and run
//                                          `observable preview` on the same code (npm start)
//   node scripts/bundle-page.mjs --analyze build once and print what takes the bytes
//
// - The entries are components/essay/entries/*.ts. esbuild's code splitting keeps one copy of
//   components/gpu/context.ts (in the hero's graph), so the page keeps one shared GPU device.
// - d3 and htl are bundled in and tree-shaken; d3 is never in the hero's graph.
// - The shader loader (components/gpu/wgsl-browser.ts: one FileAttachment fetch per file)
//   is replaced in the bundle by the WGSL sources as strings, read from shaders/ when the
//   bundle is built, without their comments: the disc renderer's (the hero's first frame) in
//   the hero's graph; the sort's and the water's (the hero's simulation, loaded after that
//   frame), the sand's and the grid query's in chunks of their own, loaded when first compiled. The files the essay shows (their paths are quoted in src/index.md) also
//   travel as written, in a chunk that sort.js's `browserWGSL` (shownWGSL) loads. The unbundled
//   modules (embedding, Node tests) keep the fetching loader and the same files.
import {spawn} from "node:child_process";
import {readFileSync, rmSync} from "node:fs";
import {join, resolve} from "node:path";
import * as esbuild from "esbuild";
import {shaderFiles, withoutComments} from "./wgsl-sources.mjs";

/** The page's modules: src/_bundle/<name>.js from components/essay/entries/<name>.ts. */
const ENTRIES = ["hero", "neighbours", "sort", "sand"];
const OUT = "src/_bundle";
/** Shader folders whose (comment-free) sources load with their widget's code, not with the hero's. */
const LATER_GROUPS = ["contacts", "sand"];

/** Shader folders and files the essay page never loads (the gravity page and the benchmark fetch theirs). */
const NOT_ON_THE_ESSAY = new Set(["shaders/gravity", "shaders/bench", "shaders/render/bodies.wgsl"]);

/** Every shaders/**.wgsl file the essay may load, as its path under shaders/. */
const essayShaders = () => shaderFiles(NOT_ON_THE_ESSAY);

/**
 * The shaders the essay shows to the reader (their paths appear in quotes in src/index.md,
 * e.g. createWGSLCode("sort/scan.wgsl") or wgslLoop("water/density.wgsl")): these travel
 * verbatim, comments included.
 */
function shownOnTheEssay() {
  const page = readFileSync("src/index.md", "utf8");
  return new Set(Array.from(page.matchAll(/["'`]([a-z_]+\/[a-z_]+\.wgsl)["'`]/g), (m) => m[1]));
}

/** The shaders of the hero's first frame (the disc renderer), in the hero's own module. */
const FIRST = new Set(["common/particle.wgsl", "render/discs.wgsl"]);
/**
 * A shader's group: "first" (FIRST), its folder for the LATER_GROUPS, else "sim" (the sort and
 * the water, loaded with the hero's simulation after its first frame).
 */
const groupOf = (f) => (FIRST.has(f) ? "first" : LATER_GROUPS.includes(f.split("/")[0]) ? f.split("/")[0] : "sim");

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
      const files = essayShaders();
      const where = Object.fromEntries(files.filter((f) => groupOf(f) !== "first").map((f) => [f, groupOf(f)]));
      const later = ["sim", ...LATER_GROUPS].map((g) => `${JSON.stringify(g)}: () => import("wgsl-sources:${g}")`).join(", ");
      const contents = `import type {WGSLLoader} from "./wgsl.js";
import {sources as first} from "wgsl-sources:first";
const groups: Record<string, () => Promise<{sources: Record<string, string>}>> = {${later}};
const where: Record<string, string> = ${JSON.stringify(where)};
const unknown = (path: string) => Promise.reject(new Error(\`unknown shader \${path}\`));
/** shaders/<path> without comments, bundled into the page's code by scripts/bundle-page.mjs (the renderer's at once, the others on first use). */
export const browserWGSL: WGSLLoader = (path) =>
  path in first ? Promise.resolve(first[path]) : path in where ? groups[where[path]]().then((m) => m.sources[path]) : unknown(path);
/** shaders/<path> as written, comments included, for the listings the essay shows (loaded on first use). */
export const shownWGSL: WGSLLoader = (path) =>
  import("wgsl-sources:shown").then((m) => (path in m.sources ? m.sources[path] : browserWGSL(path)));
`;
      return {contents, loader: "ts", watchFiles: files.map((f) => resolve("shaders", f)), watchDirs: [resolve("shaders")]};
    });
    build.onResolve({filter: /^wgsl-sources:/}, (args) => ({path: args.path.slice("wgsl-sources:".length), namespace: "wgsl-sources"}));
    build.onLoad({filter: /.*/, namespace: "wgsl-sources"}, (args) => {
      const files = essayShaders();
      const group = args.path;
      const picked = group === "shown" ? files.filter((f) => shownOnTheEssay().has(f)) : files.filter((f) => groupOf(f) === group);
      const sources = Object.fromEntries(
        picked.map((f) => {
          const text = readFileSync(join("shaders", f), "utf8");
          return [f, group === "shown" ? text : withoutComments(text)];
        })
      );
      return {contents: `export const sources = ${JSON.stringify(sources)};`, loader: "js", watchFiles: picked.map((f) => resolve("shaders", f))};
    });
  },
};

/** esbuild options; `dev` keeps names readable and adds inline source maps (npm start). */
function options(dev) {
  return {
    entryPoints: ENTRIES.map((name) => ({in: `components/essay/entries/${name}.ts`, out: name})),
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

const serve = process.argv.includes("--serve");
const analyze = process.argv.includes("--analyze");
rmSync(OUT, {recursive: true, force: true});
if (!serve) {
  const r = await esbuild.build({...options(false), metafile: true});
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
  const ctx = await esbuild.context(options(true));
  await ctx.rebuild();
  await ctx.watch();
  const preview = spawn(resolve("node_modules/.bin/observable"), ["preview", ...process.argv.slice(2).filter((a) => a !== "--serve")], {stdio: "inherit"});
  const stop = () => {
    preview.kill();
    ctx.dispose();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  preview.on("exit", (code) => {
    ctx.dispose();
    process.exit(code ?? 0);
  });
}

// Bundles the essay's code into ONE module, src/_bundle/essay.js, which src/index.md imports:
// one minified request instead of ~85 TypeScript modules, 17 d3 modules and 14 shader
// fetches. See docs/ARCHITECTURE.md ("Loading") for the measurements and rejected options.
//
//   node scripts/bundle-page.mjs           build once (`npm run build` runs it first)
//   node scripts/bundle-page.mjs --serve   build, rebuild on every change, and run
//                                          `observable preview` on the same code (npm start)
//   node scripts/bundle-page.mjs --analyze build once and print what takes the bytes
//
// - The entry is components/essay.ts (everything the page uses). One module holds one copy of
//   components/gpu/context.ts, so the page keeps one shared GPU device.
// - d3 is bundled in and tree-shaken (only what components/d3.ts names and the code calls);
//   packages the page imports itself (htl) stay bare imports that Framework resolves.
// - The shader loader (components/gpu/wgsl-browser.ts: one FileAttachment fetch per file)
//   is replaced in the bundle by the WGSL sources as strings, read from shaders/ when the
//   bundle is built: no shader fetch at all. The unbundled modules (embedding, Node tests)
//   keep the fetching loader and the same files.
import {spawn} from "node:child_process";
import {readdirSync, readFileSync, rmSync, statSync} from "node:fs";
import {join, relative, resolve} from "node:path";
import * as esbuild from "esbuild";

/** The page's code: one module that re-exports everything src/index.md uses. */
const ENTRY = "components/essay.ts";
const OUT = "src/_bundle";

/** Shader folders and files the essay page never loads (the gravity page and the benchmark fetch theirs). */
const NOT_ON_THE_ESSAY = new Set(["shaders/gravity", "shaders/bench", "shaders/render/bodies.wgsl"]);

/** Every shaders/**.wgsl file the essay may load, as its path under shaders/. */
function shaderFiles(dir = "shaders") {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      if (NOT_ON_THE_ESSAY.has(p)) return [];
      return statSync(p).isDirectory() ? shaderFiles(p) : n.endsWith(".wgsl") ? [relative("shaders", p)] : [];
    });
}

/**
 * The shaders the essay shows to the reader (their paths appear in quotes in src/index.md,
 * e.g. createWGSLCode("sort/scan.wgsl") or wgslLoop("water/density.wgsl")): these travel
 * verbatim, comments included.
 */
function shownOnTheEssay() {
  const page = readFileSync("src/index.md", "utf8");
  return new Set(Array.from(page.matchAll(/["'`]([a-z_]+\/[a-z_]+\.wgsl)["'`]/g), (m) => m[1]));
}

/**
 * A shader the page only compiles, without its comments and blank lines: a quarter of the
 * page's first-view code was shader comments, which no reader sees. WGSL has no string
 * literals, so everything after `//` on a line is comment; block comments are not used in
 * shaders/ (checked here: a file with one keeps its text whole).
 */
function withoutComments(text) {
  if (text.includes("/*")) return text;
  return text
    .split("\n")
    .map((l) => l.replace(/\/\/.*$/, "").trimEnd())
    .filter((l) => l !== "")
    .join("\n");
}

/** Replaces the fetching shader loader with one that holds every shader's source. */
const inlineShaders = {
  name: "inline-shaders",
  setup(build) {
    const loader = resolve("components/gpu/wgsl-browser.ts");
    build.onLoad({filter: /wgsl-browser\.ts$/}, (args) => {
      if (args.path !== loader) return undefined;
      const files = shaderFiles();
      const shown = shownOnTheEssay();
      const sources = Object.fromEntries(
        files.map((f) => {
          const text = readFileSync(join("shaders", f), "utf8");
          return [f, shown.has(f) ? text : withoutComments(text)];
        })
      );
      const contents = `import type {WGSLLoader} from "./wgsl.js";
const sources: Record<string, string> = ${JSON.stringify(sources)};
/** shaders/<path>, bundled into the page's code by scripts/bundle-page.mjs. */
export const browserWGSL: WGSLLoader = (path) =>
  path in sources ? Promise.resolve(sources[path]) : Promise.reject(new Error(\`unknown shader \${path}\`));
`;
      return {contents, loader: "ts", watchFiles: files.map((f) => resolve("shaders", f)), watchDirs: [resolve("shaders")]};
    });
  },
};

/** esbuild options; `dev` keeps names readable and adds inline source maps (npm start). */
function options(dev) {
  return {
    entryPoints: [{in: ENTRY, out: "essay"}],
    outdir: OUT,
    bundle: true,
    format: "esm",
    target: "es2022",
    minify: !dev && !process.env.BUNDLE_NAMES,
    sourcemap: dev ? "inline" : false,
    // The page's own packages (htl) and Framework's modules stay imports Framework resolves.
    external: ["htl", "observablehq:*", "npm:*"],
    plugins: [inlineShaders],
    logLevel: "warning",
  };
}

const serve = process.argv.includes("--serve");
const analyze = process.argv.includes("--analyze");
rmSync(OUT, {recursive: true, force: true});
if (!serve) {
  const r = await esbuild.build({...options(false), metafile: true});
  const outs = Object.entries(r.metafile.outputs);
  const kb = outs.reduce((s, [, o]) => s + o.bytes, 0) / 1024;
  if (analyze) console.log(await esbuild.analyzeMetafile(r.metafile));
  console.log(`bundle-page: ${ENTRY} → ${Object.keys(r.metafile.outputs).join(", ")}, ${kb.toFixed(0)} KB minified`);
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

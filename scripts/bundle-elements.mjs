// Bundles every widget's custom element into one self-contained module, ns-widgets.js: the
// element module (src/embed/elements.ts: defines <ns-contacts>, <ns-grid-query>, … and
// exports `widgets` and `createWidget`), every shader inlined as a string, the widget
// stylesheet inlined as text, d3 and htl bundled in. A page that loads it from any static
// host makes no other request (no CORS set-up, no site to host). Minified ESM.
//
//   node scripts/bundle-elements.mjs              build packages/elements/ns-widgets.js (the npm
//                                                 package's file) and data/ns-widgets.json (its
//                                                 size, which src/embed.md reads)
//   node scripts/bundle-elements.mjs --copy-to DIR   copy the built file to DIR/ns-widgets.js
//                                                 (`npm run build`: dist/embed/, after Framework's
//                                                 build, which must find data/ns-widgets.json)
//
// - The fetching shader loader (components/gpu/wgsl-browser.ts) becomes a table of every
//   shaders/ file but the benchmark's, without comments (scripts/wgsl-sources.mjs, as in the
//   essay's bundle); here one table, not groups loaded on demand: one file is the point.
// - components/embed/widget-style.ts (a <link> to the site's widgets.css) becomes a <style>
//   holding components/widgets/runtime/widgets.css.
// - The exercises' starters and solutions (shaders/exercises/) keep their comments: a reader reads them.
// - components/widgets/exercise/worker.ts (a module worker started from the module's own URL,
//   which here would be this whole bundle) becomes a worker made from a string: the worker's
//   body (components/widgets/exercise/worker-main.ts, the CPU interpreter) bundled on its own.
// - Any other `observablehq:` import fails the build: nothing of Framework's runtime exists
//   on a host page.
import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {join, resolve} from "node:path";
import {gzipSync} from "node:zlib";
import * as esbuild from "esbuild";
import {shaderFiles, withoutComments} from "./wgsl-sources.mjs";

export const BUNDLE = "packages/elements/ns-widgets.js";
export const SIZE_JSON = "data/ns-widgets.json";
/** Shaders no widget loads (the benchmark's kernels). */
const NOT_IN_WIDGETS = new Set(["shaders/bench"]);

/** Replaces the site-only modules (shader fetcher, stylesheet link) with inlined text. */
const inlineAssets = {
  name: "inline-assets",
  setup(build) {
    const loader = resolve("components/gpu/wgsl-browser.ts");
    const style = resolve("components/embed/widget-style.ts");
    build.onLoad({filter: /wgsl-browser\.ts$/}, (args) => {
      if (args.path !== loader) return undefined;
      const files = shaderFiles(NOT_IN_WIDGETS);
      const sources = Object.fromEntries(
        files.map((f) => {
          const text = readFileSync(join("shaders", f), "utf8");
          return [f, f.startsWith("exercises/") ? text : withoutComments(text)];
        })
      );
      const contents = `import type {WGSLLoader} from "./wgsl.js";
const sources: Record<string, string> = ${JSON.stringify(sources)};
/** shaders/<path> without comments, inlined by scripts/bundle-elements.mjs. */
export const browserWGSL: WGSLLoader = (path) => (path in sources ? Promise.resolve(sources[path]) : Promise.reject(new Error(\`unknown shader \${path}\`)));
export const shownWGSL: WGSLLoader = browserWGSL;
`;
      return {contents, loader: "ts"};
    });
    build.onLoad({filter: /widget-style\.ts$/}, (args) => {
      if (args.path !== style) return undefined;
      const css = readFileSync("components/widgets/runtime/widgets.css", "utf8");
      const contents = `const css = ${JSON.stringify(css)};
/** A <style> holding components/widgets/runtime/widgets.css, inlined by scripts/bundle-elements.mjs. */
export function widgetStyleNode(): HTMLElement {
  const el = document.createElement("style");
  el.textContent = css;
  return el;
}
`;
      return {contents, loader: "ts"};
    });
    const worker = resolve("components/widgets/exercise/worker.ts");
    build.onLoad({filter: /exercise\/worker\.ts$/}, async (args) => {
      if (args.path !== worker) return undefined;
      const built = await esbuild.build({
        entryPoints: ["components/widgets/exercise/worker-main.ts"],
        bundle: true,
        format: "esm",
        target: "es2022",
        minify: true,
        legalComments: "none",
        write: false,
        logLevel: "warning",
      });
      const contents = `const source = ${JSON.stringify(built.outputFiles[0].text)};
let url: string | null = null;
/** The CPU interpreter's worker from its bundled source, inlined by scripts/bundle-elements.mjs (no file to fetch). */
export function createInterpreterWorker(): Worker {
  url ??= URL.createObjectURL(new Blob([source], {type: "text/javascript"}));
  return new Worker(url, {type: "module"});
}
`;
      return {contents, loader: "ts"};
    });
    build.onResolve({filter: /^(observablehq|npm):/}, (args) => ({
      errors: [{text: `${args.path} (imported by ${args.importer}) does not exist on a host page: give the element bundle an inlined replacement`}],
    }));
  },
};

/** Builds the bundle; returns its raw and gzip sizes in bytes. */
export async function bundleElements() {
  const r = await esbuild.build({
    entryPoints: ["src/embed/elements.ts"],
    outfile: BUNDLE,
    bundle: true,
    splitting: false,
    format: "esm",
    target: "es2022",
    minify: true,
    legalComments: "none",
    plugins: [inlineAssets],
    logLevel: "warning",
    write: false,
  });
  const [out] = r.outputFiles;
  mkdirSync("packages/elements", {recursive: true});
  writeFileSync(BUNDLE, out.contents);
  const pkg = JSON.parse(readFileSync("packages/elements/package.json", "utf8"));
  const size = {
    file: "ns-widgets.js",
    package: pkg.name,
    version: pkg.version,
    bytes: out.contents.length,
    gzipBytes: gzipSync(out.contents, {level: 9}).length,
  };
  mkdirSync("data", {recursive: true});
  writeFileSync(SIZE_JSON, `${JSON.stringify(size, null, 2)}\n`);
  return size;
}

const kb = (n) => (n / 1024).toFixed(1);
if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf("--copy-to");
  if (i > 0) {
    const dir = process.argv[i + 1];
    mkdirSync(dir, {recursive: true});
    copyFileSync(BUNDLE, join(dir, "ns-widgets.js"));
    console.log(`bundle-elements: ${BUNDLE} copied to ${dir}/`);
  } else {
    const size = await bundleElements();
    console.log(`bundle-elements: ${BUNDLE} ${kb(size.bytes)} KB minified, ${kb(size.gzipBytes)} KB gzip (${size.bytes} and ${size.gzipBytes} bytes)`);
  }
}

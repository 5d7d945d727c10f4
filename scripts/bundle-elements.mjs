// Bundles the widgets' custom elements into self-contained modules, one per element bundle of the
// catalogue (components/widgets/catalogue.ts: a line's `bundle`, default "widgets"):
//   ns-widgets.js   the simulations (<ns-contacts>, <ns-grid-query>, … every embeddable line
//                   without a `bundle`)
//   ns-exercise.js  <ns-exercise> (the WGSL editor, CodeMirror, and the CPU interpreter,
//                   wgsl_reflect: about a megabyte a page embedding one galaxy should not download)
// Each file is the element module (src/embed/elements.ts: defines the elements and exports
// `widgets` and `createWidget`) with the catalogue replaced by its own lines (so it defines
// those elements and bundles no other widget's code), every shader it loads inlined as a
// string, the widget stylesheet inlined as text, d3 and htl bundled in. A page that loads it
// from any static host makes no other request (no CORS set-up, no site to host). Minified ESM.
//
//   node scripts/bundle-elements.mjs              build packages/elements/ns-<bundle>.js (the npm
//                                                 package's files) and data/ns-widgets.json (their
//                                                 names and sizes, which src/embed.md reads)
//   node scripts/bundle-elements.mjs --copy-to DIR   copy the built files to DIR/
//                                                 (`npm run build`: dist/embed/, after Framework's
//                                                 build, which must find data/ns-widgets.json)
//
// - The fetching shader loader (components/gpu/wgsl-browser.ts) becomes a table of the bundle's
//   shaders/ files (SHADERS_OF), without comments (scripts/wgsl-sources.mjs, as in the essay's
//   bundle); here one table, not groups loaded on demand: one file is the point.
// - components/embed/widget-style.ts (a <link> to the site's widgets.css) becomes a <style>
//   holding components/widgets/runtime/widgets.css.
// - The exercises' starters and solutions (shaders/exercises/) keep their comments: a reader reads them.
// - components/widgets/exercise/worker.ts (a module worker started from the module's own URL,
//   which here would be this whole bundle) becomes a worker made from a string: the worker's
//   body (components/widgets/exercise/worker-main.ts, the CPU interpreter) bundled on its own.
// - components/exercises/shape.ts (the shape check, through wgsl_reflect) becomes a request to
//   that worker, so that wgsl_reflect is in ns-exercise.js once (in the worker's string), not
//   also on the page for the GPU checks.
// - Any other `observablehq:` import fails the build: nothing of Framework's runtime exists
//   on a host page.
import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {gzipSync} from "node:zlib";
import * as esbuild from "esbuild";
import {shaderFiles, withoutComments} from "./wgsl-sources.mjs";

export const PACKAGE_DIR = "packages/elements";
/** The file of element bundle `bundle`. */
export const fileOf = (bundle) => `ns-${bundle}.js`;
/** The first file's size is also at the top level (src/embed.md's and the tests' reads). */
export const BUNDLE = join(PACKAGE_DIR, "ns-widgets.js");
export const SIZE_JSON = "data/ns-widgets.json";
const CATALOGUE_TS = resolve("components/widgets/catalogue.ts");
/**
 * The shaders/ folder a bundle other than the default loads from (the exercise: its tasks'
 * starters and solutions, nothing else); the default bundle inlines every other folder but the
 * benchmark's (no widget loads its kernels).
 */
const SHADERS_OF = {exercise: "shaders/exercises"};
const NOT_IN_WIDGETS = new Set(["shaders/bench", ...Object.values(SHADERS_OF)]);

/** The catalogue's lines and helpers (components/widgets/catalogue.ts, compiled and imported in Node: its lines import nothing until called). */
export async function readCatalogue() {
  const {code} = await esbuild.transform(readFileSync(CATALOGUE_TS, "utf8"), {loader: "ts", format: "esm"});
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

/** The shaders/ files element bundle `bundle` inlines (paths relative to shaders/). */
function shadersOf(bundle, defaultBundle) {
  if (bundle === defaultBundle) return shaderFiles(NOT_IN_WIDGETS);
  if (!(bundle in SHADERS_OF)) throw new Error(`bundle-elements: say in SHADERS_OF which shaders/ folder the bundle "${bundle}" loads`);
  return shaderFiles(new Set(), SHADERS_OF[bundle]);
}

/**
 * Makes the element module one bundle's: every import of the catalogue gets the bundle's lines
 * alone (`bundleCatalogue`), and another bundle's widget folders (the catalogue's lazy imports of
 * their meta.ts and index.ts) become a module that says where that widget is, so none of their
 * code is inside.
 */
function ownLines(catalogue, bundle) {
  return {
    name: "own-lines",
    setup(build) {
      build.onResolve({filter: /\/catalogue\.js$/}, (args) => {
        if (args.namespace !== "file" || resolve(args.resolveDir, args.path.replace(/\.js$/, ".ts")) !== CATALOGUE_TS) return undefined;
        return {path: CATALOGUE_TS, namespace: "bundle-catalogue"};
      });
      build.onLoad({filter: /.*/, namespace: "bundle-catalogue"}, () => ({
        contents: `import {bundleCatalogue, CATALOGUE as ALL} from "./catalogue.ts";
export * from "./catalogue.ts";
/** The lines of the element bundle ${JSON.stringify(bundle)} (scripts/bundle-elements.mjs). */
export const CATALOGUE = bundleCatalogue(ALL, ${JSON.stringify(bundle)});
`,
        loader: "js",
        resolveDir: dirname(CATALOGUE_TS),
      }));
      build.onResolve({filter: /^\.\/[^/]+\/(meta|index)\.js$/}, (args) => {
        if (args.importer !== CATALOGUE_TS) return undefined;
        const name = args.path.split("/")[1];
        const line = catalogue.CATALOGUE[name];
        if (!line) return {errors: [{text: `${args.path}: the catalogue has no line "${name}"`}]};
        const other = catalogue.bundleOf(line);
        return other === bundle ? undefined : {path: `${name} ${other}`, namespace: "other-bundle"};
      });
      build.onLoad({filter: /.*/, namespace: "other-bundle"}, (args) => {
        const [name, other] = args.path.split(" ");
        return {contents: `throw new Error(${JSON.stringify(`${name} is defined by ${fileOf(other)}`)});\n`, loader: "js"};
      });
    },
  };
}

/** Replaces the site-only modules (shader fetcher, stylesheet link, worker) with inlined text; `shaders`: the files to inline. */
const inlineAssets = (shaders) => ({
  name: "inline-assets",
  setup(build) {
    const loader = resolve("components/gpu/wgsl-browser.ts");
    const style = resolve("components/embed/widget-style.ts");
    build.onLoad({filter: /wgsl-browser\.ts$/}, (args) => {
      if (args.path !== loader) return undefined;
      const sources = Object.fromEntries(
        shaders.map((f) => {
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
    // the page's shape check asks the worker, whose bundle holds wgsl_reflect: one copy in the file, not two
    const shape = resolve("components/exercises/shape.ts");
    build.onLoad({filter: /exercises\/shape\.ts$/}, (args) => {
      if (args.path !== shape) return undefined;
      const contents = `import type {Task} from "./task.js";
import {createInterpreterWorker} from "../widgets/exercise/worker.js";
let next = 1;
/** shape.ts's check, asked of the interpreter's worker (scripts/bundle-elements.mjs); null when the worker cannot answer (the GPU's own checks follow). */
export function shapeProblem(task: Task, code: string): Promise<string | null> {
  return new Promise((resolve) => {
    const worker = createInterpreterWorker();
    const id = next++;
    const done = (problem: string | null) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(problem);
    };
    const timer = setTimeout(() => done(null), 10_000);
    worker.onmessage = (e: MessageEvent) => {
      if (e.data?.id === id) done(e.data.problem ?? null);
    };
    worker.onerror = () => done(null);
    worker.postMessage({kind: "shape", id, task: task.id, code});
  });
}
`;
      return {contents, loader: "ts", resolveDir: dirname(shape)};
    });
    build.onResolve({filter: /^(observablehq|npm):/}, (args) => ({
      errors: [{text: `${args.path} (imported by ${args.importer}) does not exist on a host page: give the element bundle an inlined replacement`}],
    }));
  },
});

/** Builds element bundle `bundle` into packages/elements/; returns its file, names and raw and gzip sizes in bytes. */
async function bundleOne(catalogue, bundle, names) {
  const file = fileOf(bundle);
  const r = await esbuild.build({
    entryPoints: ["src/embed/elements.ts"],
    outfile: join(PACKAGE_DIR, file),
    bundle: true,
    splitting: false,
    format: "esm",
    target: "es2022",
    minify: true,
    legalComments: "none",
    plugins: [ownLines(catalogue, bundle), inlineAssets(shadersOf(bundle, catalogue.DEFAULT_BUNDLE))],
    logLevel: "warning",
    write: false,
  });
  const [out] = r.outputFiles;
  writeFileSync(join(PACKAGE_DIR, file), out.contents);
  return {file, bundle, elements: names, bytes: out.contents.length, gzipBytes: gzipSync(out.contents, {level: 9}).length};
}

/**
 * Builds every element bundle; writes data/ns-widgets.json: the package, every file (`files`:
 * name, bundle, the widgets whose elements it defines, sizes) and, at the top level, ns-widgets.js's.
 */
export async function bundleElements() {
  const catalogue = await readCatalogue();
  mkdirSync(PACKAGE_DIR, {recursive: true});
  const files = [];
  for (const [bundle, names] of catalogue.bundlesOf(catalogue.CATALOGUE)) files.push(await bundleOne(catalogue, bundle, names));
  const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8"));
  const [first] = files;
  const size = {file: first.file, package: pkg.name, version: pkg.version, bytes: first.bytes, gzipBytes: first.gzipBytes, files};
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
    const {files} = JSON.parse(readFileSync(SIZE_JSON, "utf8"));
    for (const {file} of files) copyFileSync(join(PACKAGE_DIR, file), join(dir, file));
    console.log(`bundle-elements: ${files.map((f) => f.file).join(", ")} copied to ${dir}/`);
  } else {
    const {files} = await bundleElements();
    for (const f of files) {
      console.log(
        `bundle-elements: ${join(PACKAGE_DIR, f.file)} ${kb(f.bytes)} KB minified, ${kb(f.gzipBytes)} KB gzip (${f.bytes} and ${f.gzipBytes} bytes): ${f.elements.map((n) => `<ns-${n}>`).join(" ")}`
      );
    }
  }
}

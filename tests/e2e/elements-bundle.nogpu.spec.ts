/**
 * The self-contained element bundles (dist/embed/ns-widgets.js and ns-exercise.js,
 * scripts/bundle-elements.mjs) on a plain static host of another origin that sends no CORS
 * header: a host page with one module script and three elements. The widgets run (their CPU
 * twins: WebGPU is hidden), with the widget stylesheet in their shadow roots, and the page makes
 * no request but its own two files; ns-widgets.js leaves <ns-exercise> undefined. ns-exercise.js
 * alone: its exercise shows its editor and checks a kernel on the CPU interpreter (a worker made
 * from a string). Then the npm package (packages/elements/): `npm pack`, `npm install` of the
 * tarball into an empty app, and the same checks on a page that imports the installed package by
 * its bare names.
 */
import {execFileSync} from "node:child_process";
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {createRequire} from "node:module";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import {expect, type Page, test} from "@playwright/test";
import {exercise, exerciseValue, runCheck, setCode, taskWGSL, editorOf} from "./exercise-check.js";
import {disableWebGPU} from "./helpers.js";
import {bundleHost, inner, serveStatic, watch} from "./static-host.js";

const SITE_BUNDLE = "dist/embed/ns-widgets.js";
const SITE_EXERCISE = "dist/embed/ns-exercise.js";
const PACKAGE_DIR = "packages/elements";
/** Waits until the widget `#id` runs on its CPU twin and has taken a step; returns its state. */
async function expectRunning(page: Page, id: string) {
  await expect.poll(async () => (await inner(page, id))?.engine ?? null, {timeout: 20_000}).toBe("cpu");
  await expect.poll(async () => (await inner(page, id))?.value?.steps ?? 0, {timeout: 20_000}).toBeGreaterThan(0);
  const state = (await inner(page, id))!;
  expect(state.styled, `${id}: widgets.css inside its shadow root`).toBe(true);
  return state;
}

test.beforeEach(({page}) => disableWebGPU(page));

test("ns-widgets.js alone on a static host without CORS: three widgets run, no other request, no error", async ({page}) => {
  test.setTimeout(30_000);
  expect(existsSync(SITE_BUNDLE), `${SITE_BUNDLE} is built (npm run build)`).toBe(true);
  const {root, host} = await bundleHost(SITE_BUNDLE);
  try {
    const seen = watch(page);
    await page.goto(`${host.origin}/host.html`);
    const contacts = await expectRunning(page, "contacts");
    expect(contacts.value.count).toBe(300);
    const grid = await expectRunning(page, "grid");
    expect(grid.value.count).toBe(500);
    await expect.poll(async () => (await inner(page, "sort"))?.engine ?? null, {timeout: 20_000}).toBe("cpu");
    const sort = (await inner(page, "sort"))!;
    expect(sort.widget).toBe("counting-sort");
    expect(sort.value).not.toBeNull();
    expect(sort.styled).toBe(true);
    // the host's own rules stay outside the shadow roots
    const button = await page.evaluate(() => {
      const b = document.getElementById("contacts")!.shadowRoot!.querySelector("button");
      return b ? getComputedStyle(b).backgroundColor : null;
    });
    expect(button).not.toBe("rgb(255, 0, 0)");
    // the simulations' file: the exercise (its editor and interpreter) is ns-exercise.js's
    const defined = await page.evaluate(() => ({exercise: customElements.get("ns-exercise") ?? null, galaxy: !!customElements.get("ns-galaxy")}));
    expect(defined).toEqual({exercise: null, galaxy: true});
    seen.expectOnlyTheHostsTwoFiles(host.origin);
  } finally {
    await host.close();
    rmSync(root, {recursive: true, force: true});
  }
});

test("ns-exercise.js alone on a static host without CORS: the exercise shows its editor and checks a kernel on the interpreter, no other request", async ({
  page,
}) => {
  test.setTimeout(60_000);
  expect(existsSync(SITE_EXERCISE), `${SITE_EXERCISE} is built (npm run build)`).toBe(true);
  const {root, host} = await bundleHost(SITE_EXERCISE, "tests/fixtures/bundle/exercise-host.html");
  try {
    const seen = watch(page);
    await page.goto(`${host.origin}/host.html`);
    await expect(editorOf(page, "histogram")).toBeVisible({timeout: 30_000});
    await expect(exercise(page, "histogram").locator(".exercise-engine")).toHaveText("No WebGPU here: your kernel runs on a CPU interpreter at smaller sizes.");
    // the shadow root holds the widget stylesheet; the file defines the exercise alone
    const state = await page.evaluate(() => {
      const root = document.getElementById("exercise")!.shadowRoot!;
      const styled = [...root.styleSheets].some((s) => [...s.cssRules].some((r) => (r as CSSStyleRule).selectorText?.includes(".widget-status")));
      return {styled, contacts: customElements.get("ns-contacts") ?? null};
    });
    expect(state).toEqual({styled: true, contacts: null});
    // the interpreter's worker, made from a string inside the file, checks the pasted solution
    await setCode(page, "histogram", taskWGSL("histogram", "solution"));
    const r = await runCheck(page, "histogram");
    expect(r.summary).toMatch(/^Passed/);
    expect(await exerciseValue(page, "histogram")).toEqual({task: "histogram", passed: true, attempts: 1, engine: "interpreter"});
    seen.expectOnlyTheHostsTwoFiles(host.origin, "ns-exercise.js");
  } finally {
    await host.close();
    rmSync(root, {recursive: true, force: true});
  }
});

// @long: the bundles themselves are loaded on a static host in `npm test` (the tests above);
// installing the packed tarball into an app takes an npm install.
test(
  'npm pack of packages/elements installs into an app, and `import "gpu-neighbour-search/elements"` runs the widgets, `…/exercise` defines the exercise',
  {tag: "@long"},
  async ({page}) => {
    test.setTimeout(30_000);
    const bundle = join(PACKAGE_DIR, "ns-widgets.js");
    expect(existsSync(bundle), `${bundle} is built (npm run build)`).toBe(true);
    const work = mkdtempSync(join(tmpdir(), "ns-pack-"));
    try {
      // the tarball: exactly the package's files
      const npm = (args: string[], cwd: string) => execFileSync("npm", args, {cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"]});
      const [packed] = JSON.parse(npm(["pack", "--json", "--pack-destination", work], PACKAGE_DIR)) as {filename: string; files: {path: string}[]}[];
      const size = JSON.parse(readFileSync("data/ns-widgets.json", "utf8")) as {package: string; version: string};
      expect(packed.filename, "the tarball's name as /embed's snippet gives it").toBe(`${size.package}-${size.version}.tgz`);
      expect(packed.files.map((f) => f.path).sort()).toEqual(["README.md", "ns-exercise.js", "ns-widgets.d.ts", "ns-widgets.js", "package.json"]);
      // an app installs it (no dependencies: nothing to fetch)
      const app = join(work, "app");
      mkdirSync(app);
      writeFileSync(join(app, "package.json"), JSON.stringify({name: "host-app", private: true, type: "module"}));
      npm(["install", "--no-save", "--offline", "--no-audit", "--no-fund", join(work, packed.filename)], app);
      const resolved = createRequire(join(app, "index.js")).resolve("gpu-neighbour-search/elements");
      expect(resolved).toBe(join(app, "node_modules/gpu-neighbour-search/ns-widgets.js"));
      expect(readFileSync(resolved).equals(readFileSync(bundle)), "the installed file is the built bundle").toBe(true);
      expect(readFileSync(resolved).equals(readFileSync(SITE_BUNDLE)), "…and the site's /embed/ns-widgets.js").toBe(true);
      const resolvedExercise = createRequire(join(app, "index.js")).resolve("gpu-neighbour-search/exercise");
      expect(resolvedExercise).toBe(join(app, "node_modules/gpu-neighbour-search/ns-exercise.js"));
      expect(readFileSync(resolvedExercise).equals(readFileSync(SITE_EXERCISE)), "the site's /embed/ns-exercise.js").toBe(true);

      copyFileSync("tests/fixtures/bundle/package-host.html", join(app, "index.html"));
      const host = await serveStatic(app);
      try {
        const seen = watch(page);
        await page.goto(`${host.origin}/index.html`);
        expect((await expectRunning(page, "contacts")).value.count).toBe(400);
        expect((await expectRunning(page, "grid")).value.count).toBe(700);
        const exported = await page.evaluate(
          () => (window as unknown as {exported: {widgets: string[]; createWidget: string; exerciseWidgets: string[]}}).exported
        );
        expect(exported.createWidget).toBe("function");
        expect(exported.widgets).toContain("contacts");
        expect(exported.widgets).not.toContain("exercise");
        expect(exported.exerciseWidgets).toEqual(["exercise"]);
        // both files on one page: each defines its own elements
        expect(await page.evaluate(() => [!!customElements.get("ns-exercise"), !!customElements.get("ns-contacts")])).toEqual([true, true]);
        expect(seen.requests.filter((u) => !u.startsWith(`${host.origin}/`) && !u.startsWith("data:"))).toEqual([]);
        expect(seen.errors).toEqual([]);
      } finally {
        await host.close();
      }
    } finally {
      rmSync(work, {recursive: true, force: true});
    }
  }
);

test("/embed states the bundles' sizes as built, which elements each defines, and the package's name, and links to the files", async ({page}) => {
  test.setTimeout(30_000);
  const file = readFileSync(SITE_BUNDLE);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  await page.goto("/embed");
  await expect(page.locator("#ns-widgets-size")).toHaveText(`${kb(file.length)} minified, ${kb(gzipSync(file, {level: 9}).length)} gzipped`);
  const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as {name: string};
  await expect(page.locator("#ns-widgets-package")).toHaveText(pkg.name);
  const href = await page.getByRole("link", {name: "Download ns-widgets.js"}).getAttribute("href");
  const served = await page.request.get(href!);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(file)).toBe(true);
  // one row per file, from data/ns-widgets.json: its elements and its size as built
  const {files} = JSON.parse(readFileSync("data/ns-widgets.json", "utf8")) as {files: {file: string; elements: string[]}[]};
  expect(files.map((f) => f.file)).toEqual(["ns-widgets.js", "ns-exercise.js"]);
  for (const {file: name, elements} of files) {
    const row = page.locator(`#ns-bundle-files tr[data-file="${name}"]`);
    const bytes = readFileSync(`dist/embed/${name}`);
    await expect(row.locator("td").nth(1)).toHaveText(elements.map((n) => `<ns-${n}>`).join(", "));
    await expect(row.locator("td").nth(2)).toHaveText(`${kb(bytes.length)} minified, ${kb(gzipSync(bytes, {level: 9}).length)} gzipped`);
    const link = await row.getByRole("link", {name}).getAttribute("href");
    expect(Buffer.from(await (await page.request.get(link!)).body()).equals(bytes), `${name} as served`).toBe(true);
  }
  await expect(page.locator('#ns-bundle-files tr[data-file="ns-exercise.js"] td').nth(1)).toHaveText("<ns-exercise>");
  await expect(page.locator('#ns-bundle-files tr[data-file="ns-widgets.js"] td').nth(1)).not.toContainText("<ns-exercise>");
});

/**
 * The self-contained element bundle (dist/embed/ns-widgets.js, scripts/bundle-elements.mjs)
 * on a plain static host of another origin that sends no CORS header: a host page with one
 * module script and three elements. The widgets run (their CPU twins: WebGPU is hidden), with
 * the widget stylesheet in their shadow roots, and the page makes no request but its own two
 * files. Then the npm package (packages/elements/): `npm pack`, `npm install` of the tarball
 * into an empty app, and the same checks on a page that imports the installed package by
 * its bare name.
 */
import {execFileSync} from "node:child_process";
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {createRequire} from "node:module";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import {expect, type Page, test} from "@playwright/test";
import {disableWebGPU} from "./helpers.js";
import {bundleHost, inner, serveStatic, watch} from "./static-host.js";

const SITE_BUNDLE = "dist/embed/ns-widgets.js";
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
    seen.expectOnlyTheHostsTwoFiles(host.origin);
  } finally {
    await host.close();
    rmSync(root, {recursive: true, force: true});
  }
});

test('npm pack of packages/elements installs into an app, and `import "gpu-neighbour-search/elements"` runs the widgets', async ({page}) => {
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
    expect(packed.files.map((f) => f.path).sort()).toEqual(["README.md", "ns-widgets.d.ts", "ns-widgets.js", "package.json"]);
    // an app installs it (no dependencies: nothing to fetch)
    const app = join(work, "app");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({name: "host-app", private: true, type: "module"}));
    npm(["install", "--no-save", "--offline", "--no-audit", "--no-fund", join(work, packed.filename)], app);
    const resolved = createRequire(join(app, "index.js")).resolve("gpu-neighbour-search/elements");
    expect(resolved).toBe(join(app, "node_modules/gpu-neighbour-search/ns-widgets.js"));
    expect(readFileSync(resolved).equals(readFileSync(bundle)), "the installed file is the built bundle").toBe(true);
    expect(readFileSync(resolved).equals(readFileSync(SITE_BUNDLE)), "…and the site's /embed/ns-widgets.js").toBe(true);

    copyFileSync("tests/fixtures/bundle/package-host.html", join(app, "index.html"));
    const host = await serveStatic(app);
    try {
      const seen = watch(page);
      await page.goto(`${host.origin}/index.html`);
      expect((await expectRunning(page, "contacts")).value.count).toBe(400);
      expect((await expectRunning(page, "grid")).value.count).toBe(700);
      const exported = await page.evaluate(() => (window as unknown as {exported: {widgets: string[]; createWidget: string}}).exported);
      expect(exported.createWidget).toBe("function");
      expect(exported.widgets).toContain("contacts");
      expect(seen.requests.filter((u) => !u.startsWith(`${host.origin}/`) && !u.startsWith("data:"))).toEqual([]);
      expect(seen.errors).toEqual([]);
    } finally {
      await host.close();
    }
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
});

test("/embed states the bundle's size as built and the package's name, and links to the file", async ({page}) => {
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
});

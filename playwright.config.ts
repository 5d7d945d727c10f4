import {defineConfig} from "@playwright/test";

// Browser tests run against the built site (dist/, made by `npm run build`) in Debian's
// Chromium. WebGPU without a GPU comes from SwiftShader; the four flags are all needed
// (see docs/PLATFORM.md).
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium"; // same choice as scripts/find-chromium.mjs
const port = Number(process.env.E2E_PORT ?? 4321);
// A second origin for the embedding tests: plain host pages (tests/fixtures/) that load the site's modules.
const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? port + 1);
const common = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];
export const WEBGPU_FLAGS = ["--enable-unsafe-webgpu", "--use-vulkan=swiftshader", "--use-angle=vulkan", "--enable-features=Vulkan"];
// The page's text, SVG and CSS rastered by Skia on the CPU instead of through the emulated GPU:
// compositing (WebGPU canvases included) stays on the GPU path, as in readers' browsers. A fixed
// load of the essay (every widget started, 60 water frames) took 18–20 CPU-s against 24–27
// without it (docs/records/tests.md, "Browser tests: motion only where a test is about motion").
// A 2D canvas drawn by the CPU in the renderer, not by the emulated GPU: 3,500 discs on an 880 × 880
// canvas cost 390–430 CPU-ms a frame accelerated on SwiftShader against ≈ 56 ms (docs/records/tests.md).
const RASTER = ["--disable-gpu-rasterization", "--disable-accelerated-2d-canvas"];

// Two tiers (docs/records/tests.md, "Tiers: npm test and soak"). `npm test` proves each page and
// each widget once in a browser: a page's own markup and start with WebGPU and without, each widget
// alone on its embed page (it runs on the GPU, its values, its controls), each embedding path once.
// The long tier (`npm run test:soak`, E2E_LONG=1; `.ci/run` runs it after `npm test`, so nothing
// lands without it) holds the rest:
// - whole files, the sweeps of a whole page in every configuration: the tours (layout shift and
//   axe, every page at both sizes), axe without WebGPU, the device lost and the adapter hanging
//   under every widget at once, the runtime's life cycle across every widget of the essay (lazy
//   allocation, no work off screen, the ledger back to zero), reader modes and themes across a
//   page, the gravity widgets' hosts, the heroes' engine switch, disabled controls in both schemes;
// - tests tagged `@long`: a behaviour `npm test` checks, in another configuration or on another
//   widget of the same path (each says which `npm test` test holds it).
const LONG_FILES = ["tour", "a11y.nogpu", "faults", "runtime", "reader-modes", "theme", "gravity-embed", "hero-engine-switch", "disabled-controls.nogpu"];
// Playwright matches `grep` against the project, the file name, the titles and the tags.
const LONG_TIER = new RegExp(`@long|(?:^|[ /])(?:${LONG_FILES.map((f) => f.replace(".", "\\.")).join("|")})\\.spec\\.ts`);
const long = process.env.E2E_LONG === "1";

// The webgpu project tests the GPU kernels on SwiftShader, where some widgets would otherwise run
// their faster CPU twin (components/widgets/runtime/engine-choice.ts): its pages start with the
// page-wide choice "gpu" in localStorage, on both origins. Tests of the software default itself
// open a context without it (tests/e2e/software-engine.spec.ts).
const chooseGPU = {
  cookies: [],
  origins: [port, fixturePort].map((p) => ({origin: `http://127.0.0.1:${p}`, localStorage: [{name: "ns-engine", value: "gpu"}]})),
};

export default defineConfig({
  testDir: "tests/e2e",
  ...(long ? {grep: LONG_TIER} : {grepInvert: LONG_TIER}),
  timeout: 180_000,
  expect: {timeout: 60_000},
  // tests, not files, are shared out: a file's long tests do not hold one worker to the end
  // (a file that shares one page between its tests says so: test.describe.configure serial)
  fullyParallel: true,
  // three workers on two cores: a test waits on its page (frames, readbacks, round trips to the
  // GPU process) as well as computing, so a third keeps the cores busier — the browser suite in
  // 6.5 min against 8.2 min with two, 8.5 min with four, same busy machine (docs/records/tests.md)
  workers: 3,
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {baseURL: `http://127.0.0.1:${port}`, viewport: {width: 1200, height: 900}},
  webServer: [
    {command: `node scripts/serve-dist.mjs ${port}`, url: `http://127.0.0.1:${port}/`, reuseExistingServer: false, timeout: 30_000},
    {
      command: `node scripts/serve-dist.mjs ${fixturePort} --root tests/fixtures --site http://127.0.0.1:${port}`,
      url: `http://127.0.0.1:${fixturePort}/elements.html`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
  projects: [
    // facts of the built HTML, read in Node (no browser is launched)
    {name: "node", testMatch: /\.node\.spec\.ts$/},
    {
      name: "webgpu",
      testIgnore: /\.(nogpu|node)\.spec\.ts$/,
      use: {storageState: chooseGPU, launchOptions: {executablePath: chromium, args: [...WEBGPU_FLAGS, ...RASTER, ...common]}},
    },
    {
      name: "no-webgpu",
      testMatch: /\.nogpu\.spec\.ts$/,
      use: {launchOptions: {executablePath: chromium, args: ["--disable-gpu", ...common]}},
    },
  ],
});

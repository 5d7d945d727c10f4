// Which engine moves faster on a CPU-emulated GPU: each animated widget's GPU engine on
// SwiftShader (headless Chromium, WebGPU on a CPU emulation, as the webgpu test project runs it)
// against its CPU twin (the same Chromium with WebGPU off), from its embed page (/embed/<name>).
//
// Usage: node scripts/measure-engines.mjs [--rounds 2] [--seconds 6] [--port 4490] [--out data/bench/software-engines.json] [name ...]
// Needs a built site (npm run build). For each widget and engine, in alternating rounds (GPU,
// CPU, GPU, CPU, …: the machine's load falls on both alike), a fresh browser opens the
// widget's frame, waits until its engine runs (data-engine "gpu" or "cpu") and its first frame,
// then counts the frames it runs in `seconds` of wall time (`__frames()`), and reads its
// `.value` count (bodies, grains, particles). Reported per widget and engine: the median frames
// per second and the count; the twin's advantage is frames × bodies per second (`twinOverGpu`). The
// committed JSON decides `SOFTWARE_ENGINES` (components/widgets/runtime/engine-choice.ts):
// a unit test holds the two equal.
import {spawn} from "node:child_process";
import {writeFileSync} from "node:fs";
import {loadavg} from "node:os";
import {chromium} from "@playwright/test";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i < 0 ? dflt : args.splice(i, 2)[1];
};
const rounds = Number(flag("--rounds", "2"));
const seconds = Number(flag("--seconds", "6"));
const port = Number(flag("--port", "4490"));
const out = flag("--out", null);
const NAMES = args.length ? args : ["water", "sand", "galaxy", "galaxy-3d", "dust-disc", "nbody"];
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const common = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];
const ENGINES = {
  gpu: [
    "--enable-unsafe-webgpu",
    "--use-vulkan=swiftshader",
    "--use-angle=vulkan",
    "--enable-features=Vulkan",
    "--disable-gpu-rasterization",
    "--disable-accelerated-2d-canvas",
    ...common,
  ],
  cpu: ["--disable-gpu", ...common],
};

const server = spawn(process.execPath, ["scripts/serve-dist.mjs", String(port)], {stdio: "ignore"});
await new Promise((r) => setTimeout(r, 500));

async function once(name, engine) {
  const browser = await chromium.launch({executablePath, args: ENGINES[engine]});
  try {
    const page = await browser.newPage({viewport: {width: 900, height: 900}});
    await page.goto(`http://127.0.0.1:${port}/embed/${name}`);
    // the frame's custom element keeps its widget in its shadow root
    await page.waitForFunction(
      (want) => {
        const host = document.querySelector(".ns-embed-frame > *");
        const w = host?.shadowRoot?.querySelector("[data-widget]");
        return w && w.dataset.engine === want && w.__frames && w.__frames() >= 2;
      },
      engine,
      {timeout: 120_000, polling: 100}
    );
    const read = () =>
      page.evaluate(() => {
        const w = document.querySelector(".ns-embed-frame > *").shadowRoot.querySelector("[data-widget]");
        const v = w.value ?? {};
        return {frames: w.__frames(), t: performance.now(), count: v.count ?? v.bodies ?? v.grains ?? v.particles ?? null};
      });
    const a = await read();
    await page.waitForTimeout(seconds * 1000); // a measurement window of wall time, not a wait for a condition
    const b = await read();
    return {fps: ((b.frames - a.frames) * 1000) / (b.t - a.t), count: b.count, load: loadavg()[0]};
  } finally {
    await browser.close();
  }
}

/**
 * How much faster the twin moves: frames per second × bodies (a frame of either engine advances
 * its bodies by the same simulated time), the twin's over the emulated GPU's; the frame rates
 * alone where a widget reports no count.
 */
export function twinOverGpu(row) {
  const g = row.gpuOnSoftware,
    c = row.cpuTwin;
  if (!g.fps || !c.fps) return null;
  const work = (x) => x.fps * (x.count ?? 1);
  return +(g.count && c.count ? work(c) / work(g) : c.fps / g.fps).toFixed(2);
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : null;
};
const rows = [];
try {
  for (const name of NAMES) {
    const runs = {gpu: [], cpu: []};
    for (let r = 0; r < rounds; r++)
      for (const engine of ["gpu", "cpu"]) {
        try {
          runs[engine].push(await once(name, engine));
        } catch (e) {
          runs[engine].push({error: String(e.message ?? e).split("\n")[0]});
        }
      }
    const summary = (list) => {
      const ok = list.filter((x) => x.fps !== undefined);
      return {fps: ok.length ? +median(ok.map((x) => x.fps)).toFixed(2) : null, count: ok.at(-1)?.count ?? null, runs: list};
    };
    const row = {widget: name, gpuOnSoftware: summary(runs.gpu), cpuTwin: summary(runs.cpu)};
    row.twinOverGpu = twinOverGpu(row);
    rows.push(row);
    console.log(
      `${name}: GPU on SwiftShader ${row.gpuOnSoftware.fps} fps (${row.gpuOnSoftware.count}), CPU twin ${row.cpuTwin.fps} fps (${row.cpuTwin.count}), twin/GPU ${row.twinOverGpu}`
    );
  }
} finally {
  server.kill();
}
const result = {
  schema: "software-engines/1",
  date: new Date().toISOString(),
  browser: "Debian Chromium, headless; GPU engine: WebGPU on SwiftShader; CPU twin: the same browser with --disable-gpu (no WebGPU)",
  seconds,
  rounds,
  rows,
};
if (out) writeFileSync(out, `${JSON.stringify(result, null, 1)}\n`);

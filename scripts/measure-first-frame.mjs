// First frame of every page's hero, side by side with the original series' parts, in headless
// Chromium with WebGPU on SwiftShader (a CPU emulation of a GPU: the adapter a reader without a
// GPU driver, or a CI machine, has).
//
// Usage: node scripts/measure-first-frame.mjs --orig DIR [--ours DIR] [--runs N] [--modes cold,warm]
//                                              [--sizes 1440x900,390x844] [--port P] [--out FILE.json]
//   DIR of --orig: the original repository's `npx vite build` output (ericrius1/AlgorythmicExplorations,
//   built outside this repository); --ours: this site's dist (default dist).
//
// The pairs (PAIRS below): the essay `/` against part three, `/gravity` against part two,
// `/worlds-from-dust` against part four. Each run opens one page in a browser of its own; the
// runs alternate ours → original within a pair and size, so that the machine's load falls on both.
//
// Per run it records, in the page's own clock (ms after navigation start):
//   - fcp: first contentful paint (Paint Timing): the stage (the page's first screen) is shown;
//   - frame: the hero's first frame, seen from outside the page for both sites alike by an init
//     script: for a WebGPU canvas, the moment the first submit that follows a canvas
//     getCurrentTexture() has finished on the GPU (onSubmittedWorkDone); for a 2D canvas (a CPU
//     engine's picture), the animation frame after its first drawing call; whichever comes first.
//     Only the hero's canvas counts: one whose visible part covers at least a fifth of the first
//     screen when it is drawn on;
//   - submit: for a WebGPU hero, the moment that first submit was called (the frame is done only
//     when the GPU has run it, pipelines compiled: a page that creates its pipelines synchronously
//     before its first submit pays their compilation between the two);
//   - kind: which of the two it was ("webgpu" or "2d") and the canvas's size in pixels.
// Modes:
//   - cold: a fresh browser profile per run (empty HTTP cache, no compiled-shader cache): a first visit;
//   - warm: the same page visited once in a profile, the browser closed, then measured in a new
//     browser on that profile (HTTP cache and Chromium's on-disk GPU program cache kept): a return visit.
// Prints medians and writes every run plus the medians as JSON.
import {spawn} from "node:child_process";
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {loadavg, tmpdir} from "node:os";
import {join, relative, resolve} from "node:path";
import {chromium} from "@playwright/test";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i < 0 ? dflt : args.splice(i, 2)[1];
};
const runs = Number(flag("--runs", "5"));
const out = flag("--out", null);
const origDir = flag("--orig", null);
const oursDir = flag("--ours", "dist");
const modes = flag("--modes", "cold,warm").split(",");
const sizes = flag("--sizes", "1440x900")
  .split(",")
  .map((s) => {
    const [width, height] = s.split("x").map(Number);
    return {label: s, viewport: {width, height}, touch: width < 600};
  });
const basePort = Number(flag("--port", "4480"));
const only = flag("--pairs", null)?.split(",") ?? null;
if (!origDir) throw new Error("measure-first-frame: --orig <the original's dist folder> is required");

/** Our page and the original's part it is measured against. */
export const PAIRS = [
  {name: "essay vs part three", ours: "/", orig: "/pages/particle-worlds/part3.html"},
  {name: "gravity vs part two", ours: "/gravity", orig: "/pages/particle-worlds/part2.html"},
  {name: "worlds-from-dust vs part four", ours: "/worlds-from-dust", orig: "/pages/particle-worlds/part4.html"},
].filter((p) => !only || only.some((o) => p.name.includes(o)));

const FLAGS = ["--enable-unsafe-webgpu", "--use-vulkan=swiftshader", "--use-angle=vulkan", "--enable-features=Vulkan"];
const COMMON = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];
const EXE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Runs in the page before its scripts: marks "probe-first-frame" (detail: the kind of canvas and
// its size) when the hero's canvas first shows a frame. The hero's canvas: one whose visible part
// covers at least a fifth of the first screen (a diagram, a series bar or an icon drawn on a small
// or far-away canvas does not count).
function probe() {
  let done = false;
  const isHero = (c) => {
    if (!c?.isConnected) return false;
    const r = c.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    return w * h >= 0.2 * innerWidth * innerHeight;
  };
  const mark = (kind, c) => {
    if (done) return;
    done = true;
    performance.mark("probe-first-frame", {detail: `${kind} ${c.width}×${c.height}`});
  };
  if (globalThis.GPUQueue && globalThis.GPUCanvasContext) {
    let heroCanvas = null;
    const gct = GPUCanvasContext.prototype.getCurrentTexture;
    GPUCanvasContext.prototype.getCurrentTexture = function (...a) {
      if (!heroCanvas && isHero(this.canvas)) heroCanvas = this.canvas;
      return gct.apply(this, a);
    };
    const submit = GPUQueue.prototype.submit;
    let submitted = false;
    GPUQueue.prototype.submit = function (...a) {
      const r = submit.apply(this, a);
      if (heroCanvas && !submitted) {
        submitted = true;
        performance.mark("probe-first-submit");
        const c = heroCanvas;
        this.onSubmittedWorkDone().then(() => mark("webgpu", c));
      }
      return r;
    };
  }
  const C2 = globalThis.CanvasRenderingContext2D?.prototype;
  if (C2) {
    for (const name of ["fill", "stroke", "fillRect", "drawImage", "putImageData"]) {
      const f = C2[name];
      C2[name] = function (...a) {
        const c = this.canvas;
        if (!done && isHero(c)) requestAnimationFrame(() => mark("2d", c));
        return f.apply(this, a);
      };
    }
  }
}

async function measureOnce(url, size, profile) {
  const options = {executablePath: EXE, args: [...FLAGS, ...COMMON]};
  const ctxOptions = {viewport: size.viewport, isMobile: size.touch, hasTouch: size.touch};
  const context = profile
    ? await chromium.launchPersistentContext(profile, {...options, ...ctxOptions})
    : await (await chromium.launch(options)).newContext(ctxOptions);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(probe);
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName("probe-first-frame").length > 0, null, {timeout: 60_000});
    // a frame drawn before the first contentful paint: wait for the paint's entry (at most 5 s)
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, {timeout: 5000}).catch(() => {});
    const t = await page.evaluate(() => {
      const at = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
      return {
        fcp: at("first-contentful-paint"),
        submit: at("probe-first-submit"),
        frame: at("probe-first-frame"),
        kind: performance.getEntriesByName("probe-first-frame")[0].detail,
      };
    });
    return {...t, errors};
  } finally {
    const browser = context.browser();
    await context.close();
    await browser?.close();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};

const sites = {ours: {dir: oursDir, port: basePort}, orig: {dir: origDir, port: basePort + 1}};
const servers = Object.values(sites).map((s) =>
  spawn("node", ["scripts/serve-dist.mjs", String(s.port), "--root", relative(process.cwd(), resolve(s.dir))], {stdio: ["ignore", "pipe", "inherit"]})
);
await Promise.all(servers.map((p) => new Promise((ok) => p.stdout.once("data", ok))));
const results = [];
try {
  for (const mode of modes)
    for (const size of sizes)
      for (const pair of PAIRS)
        for (let r = 0; r < runs; r++)
          for (const site of ["ours", "orig"]) {
            const url = `http://127.0.0.1:${sites[site].port}${pair[site]}`;
            let profile = null;
            if (mode === "warm") {
              profile = mkdtempSync(join(tmpdir(), "ff-profile-"));
              await measureOnce(url, size, profile); // the first visit fills the caches
            }
            const load = loadavg()[0];
            try {
              const m = {
                mode,
                size: size.label,
                pair: pair.name,
                site,
                path: pair[site],
                run: r + 1,
                ...(await measureOnce(url, size, profile)),
                loadAverage: load,
              };
              results.push(m);
              console.log(
                `${mode} ${size.label} ${pair.name} run ${r + 1} ${site} (load ${load.toFixed(1)}): fcp ${m.fcp?.toFixed(0)} ms, first submit ${m.submit?.toFixed(0) ?? "-"} ms, first frame ${m.frame?.toFixed(0)} ms (${m.kind})${m.errors.length ? `, errors: ${m.errors.join("; ")}` : ""}`
              );
            } finally {
              if (profile) rmSync(profile, {recursive: true, force: true});
            }
          }
} finally {
  for (const p of servers) p.kill();
}

const summary = [];
for (const mode of modes)
  for (const size of sizes)
    for (const pair of PAIRS) {
      const of = (site) => results.filter((m) => m.mode === mode && m.size === size.label && m.pair === pair.name && m.site === site);
      const row = {mode, size: size.label, pair: pair.name};
      for (const site of ["ours", "orig"]) {
        const rs = of(site);
        row[site] = {
          path: pair[site],
          fcpMs: median(rs.map((m) => m.fcp)),
          frameMs: median(rs.map((m) => m.frame)),
          frameRangeMs: [Math.min(...rs.map((m) => m.frame)), Math.max(...rs.map((m) => m.frame))],
          frameAfterFcpMs: median(rs.map((m) => m.frame - m.fcp)),
          submitMs: median(rs.map((m) => m.submit)),
          kinds: [...new Set(rs.map((m) => m.kind))],
        };
      }
      // per round: ours first?
      const ours = of("ours");
      const orig = of("orig");
      row.oursFirstInRounds = ours.filter((m, i) => orig[i] && m.frame < orig[i].frame).length;
      row.rounds = Math.min(ours.length, orig.length);
      row.ratio = row.ours.frameMs / row.orig.frameMs;
      summary.push(row);
    }
console.table(
  summary.map((s) => ({
    mode: s.mode,
    size: s.size,
    pair: s.pair,
    "ours frame": s.ours.frameMs?.toFixed(0),
    "ours frame-fcp": s.ours.frameAfterFcpMs?.toFixed(0),
    "orig submit": s.orig.submitMs?.toFixed(0) ?? "-",
    "orig frame": s.orig.frameMs?.toFixed(0),
    ratio: s.ratio.toFixed(2),
    "ours first": `${s.oursFirstInRounds}/${s.rounds}`,
  }))
);
if (out) {
  const meta = {
    measured: new Date().toISOString(),
    browser: `Debian Chromium, headless, SwiftShader WebGPU (flags: ${FLAGS.join(" ")})`,
    method:
      "one browser per run; runs alternate ours → original within each pair, size and mode; cold: a fresh profile per run; " +
      "warm: a profile that visited the same page once, in a new browser; frame: an init script's mark at the first WebGPU canvas submit done, " +
      "or the animation frame after the first drawing on a 2D canvas; only a canvas covering ≥ 1/5 of the first screen counts; medians",
    loadAverageAtEnd: loadavg(),
  };
  writeFileSync(out, `${JSON.stringify({meta, summary, runs: results}, null, 1)}\n`);
  console.log(`wrote ${out}`);
}

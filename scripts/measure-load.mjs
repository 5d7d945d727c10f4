// Page-load measurement of built sites in headless Chromium with SwiftShader WebGPU.
//
// Usage: node scripts/measure-load.mjs [--runs N] [--out FILE.json] [--path /] [--port P] [label=distDir[:/page/path] ...]
//        (default: one site, current=dist; a site's own page path wins over --path)
//   e.g. node scripts/measure-load.mjs --runs 5 orig=/work/orig/dist:/pages/particle-worlds/part3.html ours=dist
//
// Each site (a dist folder, any path) is served by scripts/serve-dist.mjs on its own port; the runs alternate between
// the sites (A B A B …) so that the machine's load affects them alike, and each run launches
// a fresh browser (empty caches, no compiled-pipeline cache). Per run it records:
//   - every HTTP request up to the hero's first frame plus one quiet second: URL, kind
//     (js, css, wgsl, html, other), bytes as served and the gzip size of the body (zlib,
//     level 6: what a static host's gzip would send);
//   - the same responses as the page's Resource Timing saw them (and the page's own HTML, from
//     Navigation Timing): decoded (uncompressed) body bytes per kind, summed over the responses
//     that had ended before the first WebGPU frame (probe-gpu-frame) — the bytes the first frame
//     waited for, at most — and their gzip sizes;
//   - first contentful paint (Paint Timing);
//   - first-gpu-frame: the page's own `performance.mark("first-gpu-frame")`, set once by the
//     hero when the GPU has finished its first frame (absent on builds without the mark);
//   - probe-gpu-frame: the same event seen from outside the page, for builds of every age:
//     an init script wraps GPUQueue.submit and marks when the first submit that follows a
//     canvas getCurrentTexture() has finished on the GPU.
// Prints a table of medians and writes all runs plus medians as JSON.
import {spawn} from "node:child_process";
import {writeFileSync} from "node:fs";
import {loadavg} from "node:os";
import {relative, resolve} from "node:path";
import {gzipSync} from "node:zlib";
import {chromium} from "@playwright/test";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i < 0 ? dflt : args.splice(i, 2)[1];
};
const runs = Number(flag("--runs", "5"));
const out = flag("--out", null);
const pagePath = flag("--path", "/");
const basePort = Number(flag("--port", "4470"));
const sites = (args.length ? args : ["current=dist"]).map((a, i) => {
  const [label, spec] = a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, a];
  const m = spec.match(/^(.*?):(\/.*)$/);
  return {label, dir: m ? m[1] : spec, path: m ? m[2] : pagePath, port: basePort + i};
});

const FLAGS = ["--enable-unsafe-webgpu", "--use-vulkan=swiftshader", "--use-angle=vulkan", "--enable-features=Vulkan"];
const COMMON = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

/** Kind of a response for the size budget: by path extension, else by content type. */
function kind(url, type) {
  const p = new URL(url).pathname;
  if (/\.m?js$/.test(p) || /javascript/.test(type)) return "js";
  if (/\.css$/.test(p) || /css/.test(type)) return "css";
  if (/\.wgsl$/.test(p)) return "wgsl";
  if (/html/.test(type) || p.endsWith("/")) return "html";
  return "other";
}

// Runs in the page before any of its scripts: marks the first canvas frame finished on the GPU.
function probe() {
  if (!globalThis.GPUQueue || !globalThis.GPUCanvasContext) return;
  let canvasTouched = false;
  let done = false;
  const gct = GPUCanvasContext.prototype.getCurrentTexture;
  GPUCanvasContext.prototype.getCurrentTexture = function (...a) {
    canvasTouched = true;
    return gct.apply(this, a);
  };
  const submit = GPUQueue.prototype.submit;
  GPUQueue.prototype.submit = function (...a) {
    const r = submit.apply(this, a);
    if (canvasTouched && !done) {
      done = true;
      this.onSubmittedWorkDone().then(() => performance.mark("probe-gpu-frame"));
    }
    return r;
  };
}

async function measureOnce(site) {
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: [...FLAGS, ...COMMON]});
  try {
    const page = await browser.newPage({viewport: {width: 1200, height: 900}});
    await page.addInitScript(probe);
    const pending = [];
    page.on("response", (res) => {
      const url = res.url();
      if (!url.startsWith("http")) return;
      pending.push(
        res.body().then(
          (body) => ({url, status: res.status(), kind: kind(url, res.headers()["content-type"] ?? ""), bytes: body.length, gzip: gzipSync(body).length}),
          () => ({url, status: res.status(), kind: "other", bytes: 0, gzip: 0})
        )
      );
    });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${site.port}${site.path}`);
    await page.waitForFunction(() => performance.getEntriesByName("probe-gpu-frame").length > 0, null, {timeout: 60_000});
    await page.waitForTimeout(1000);
    const t = await page.evaluate(() => {
      const at = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
      const nav = performance.getEntriesByType("navigation")[0];
      return {
        fcp: at("first-contentful-paint"),
        firstGpuFrame: at("first-gpu-frame"),
        probeGpuFrame: at("probe-gpu-frame"),
        domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
        engine: document.querySelector('[data-widget="hero"]')?.dataset.engine ?? null,
        resources: [nav, ...performance.getEntriesByType("resource")].map((e) => ({
          url: e.name,
          start: e.startTime,
          end: e.responseEnd,
          decoded: e.decodedBodySize,
          encoded: e.encodedBodySize,
        })),
      };
    });
    const requests = await Promise.all(pending);
    // decoded bytes per kind of every response that had ended before the first frame (Resource Timing)
    const gzipOf = new Map(requests.map((r) => [r.url, r]));
    const frameAt = t.probeGpuFrame ?? Infinity;
    const beforeFrame = {count: 0, decoded: 0, gzip: 0, byKind: {}};
    for (const e of t.resources) {
      if (!e.url.startsWith("http") || e.end > frameAt) continue;
      const r = gzipOf.get(e.url);
      const k = r?.kind ?? kind(e.url, "");
      const b = (beforeFrame.byKind[k] ??= {count: 0, decoded: 0, gzip: 0});
      for (const o of [b, beforeFrame]) {
        o.count++;
        o.decoded += e.decoded;
        o.gzip += r?.gzip ?? 0;
      }
    }
    delete t.resources;
    const sum = (pred, key) => requests.filter(pred).reduce((s, r) => s + r[key], 0);
    const code = (r) => r.kind === "js" || r.kind === "css" || r.kind === "wgsl";
    const byKind = {};
    for (const r of requests) {
      const k = (byKind[r.kind] ??= {count: 0, bytes: 0, gzip: 0});
      k.count++;
      k.bytes += r.bytes;
      k.gzip += r.gzip;
    }
    return {...t, errors, beforeFrame, requestCount: requests.length, codeGzip: sum(code, "gzip"), allGzip: sum(() => true, "gzip"), byKind, requests};
  } finally {
    await browser.close();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};

const servers = sites.map((s) =>
  spawn("node", ["scripts/serve-dist.mjs", String(s.port), "--root", relative(process.cwd(), resolve(s.dir))], {stdio: ["ignore", "pipe", "inherit"]})
);
await Promise.all(servers.map((p) => new Promise((ok) => p.stdout.once("data", ok))));
const results = Object.fromEntries(sites.map((s) => [s.label, []]));
try {
  for (let r = 0; r < runs; r++) {
    for (const site of sites) {
      const load = loadavg()[0];
      const m = {...(await measureOnce(site)), loadAverage: load};
      // the request list once per site (it is the same in every run): the JSON stays small
      if (r > 0) delete m.requests;
      results[site.label].push(m);
      console.log(
        `run ${r + 1} ${site.label} (load ${load.toFixed(1)}): fcp ${m.fcp?.toFixed(0)} ms, first-gpu-frame ${m.firstGpuFrame?.toFixed(0) ?? "-"} ms, probe ${m.probeGpuFrame?.toFixed(0)} ms, ` +
          `${(m.beforeFrame.decoded / 1024).toFixed(1)} KB decoded before it (${m.beforeFrame.count} responses), ${m.requestCount} requests, code ${(m.codeGzip / 1024).toFixed(1)} KB gzip, engine ${m.engine}${m.errors.length ? `, errors: ${m.errors.join("; ")}` : ""}`
      );
    }
  }
} finally {
  for (const p of servers) p.kill();
}

const summary = {};
for (const site of sites) {
  const rs = results[site.label];
  summary[site.label] = {
    dist: site.dir,
    path: site.path,
    runs: rs.length,
    fcpMs: median(rs.map((m) => m.fcp)),
    firstGpuFrameMs: median(rs.map((m) => m.firstGpuFrame)),
    probeGpuFrameMs: median(rs.map((m) => m.probeGpuFrame)),
    probeGpuFrameRangeMs: [Math.min(...rs.map((m) => m.probeGpuFrame)), Math.max(...rs.map((m) => m.probeGpuFrame))],
    loadAverage: median(rs.map((m) => m.loadAverage)),
    requests: median(rs.map((m) => m.requestCount)),
    codeGzipBytes: median(rs.map((m) => m.codeGzip)),
    allGzipBytes: median(rs.map((m) => m.allGzip)),
    byKind: rs[0].byKind,
    beforeFrameDecodedBytes: median(rs.map((m) => m.beforeFrame.decoded)),
    beforeFrameGzipBytes: median(rs.map((m) => m.beforeFrame.gzip)),
    beforeFrameResponses: median(rs.map((m) => m.beforeFrame.count)),
    beforeFrameByKind: rs[0].beforeFrame.byKind,
  };
}
console.table(
  Object.fromEntries(
    Object.entries(summary).map(([k, s]) => [
      k,
      {
        fcp: s.fcpMs?.toFixed(0),
        "first-gpu-frame": s.firstGpuFrameMs?.toFixed(0) ?? "-",
        probe: s.probeGpuFrameMs?.toFixed(0),
        "KB decoded before frame": (s.beforeFrameDecodedBytes / 1024).toFixed(1),
        "KB gzip before frame": (s.beforeFrameGzipBytes / 1024).toFixed(1),
        requests: s.requests,
        "code KB gzip": (s.codeGzipBytes / 1024).toFixed(1),
      },
    ])
  )
);
if (out) {
  const meta = {
    measured: new Date().toISOString(),
    browser: "Debian Chromium, headless, SwiftShader WebGPU (flags: " + FLAGS.join(" ") + ")",
    viewport: "1200×900",
    paths: Object.fromEntries(sites.map((s) => [s.label, s.path])),
    method:
      "medians over runs alternating between sites; a fresh browser per run; gzip sizes are zlib level 6 of each response body; " +
      "'before frame' sums the decoded (uncompressed) body bytes of the responses whose Resource Timing responseEnd came before probe-gpu-frame",
    loadAverageAtEnd: loadavg(),
  };
  writeFileSync(out, JSON.stringify({meta, summary, runs: results}, null, 1) + "\n");
  console.log(`wrote ${out}`);
}

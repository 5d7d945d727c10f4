// The first screen of every page at 0.5, 1, 2 and 4 s after navigation, as a reader sees it:
// both sizes (1440×900, 390×844 with touch), both themes, with WebGPU (SwiftShader) and without
// (Chromium with the GPU off: no `navigator.gpu` adapter), and the original series' matching parts
// with WebGPU beside them. One contact sheet per page and size under docs/screenshots/first-screen/:
// a row per browser set-up, a column per moment, each tile the last frame the page's compositor
// produced at or before that moment (the DevTools screencast), labelled with that frame's time.
//
//   node scripts/screenshot-first-screens.mjs [--ours dist] [--orig <the original's dist>] [--port P]
//                                             [--pages /,/gravity] [--out docs/screenshots/first-screen]
//
// Without --orig the original's rows are left out.
import {spawn} from "node:child_process";
import {mkdirSync} from "node:fs";
import {join, relative, resolve} from "node:path";
import {chromium} from "@playwright/test";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i < 0 ? dflt : args.splice(i, 2)[1];
};
const oursDir = flag("--ours", "dist");
const origDir = flag("--orig", null);
const outDir = flag("--out", "docs/screenshots/first-screen");
const basePort = Number(flag("--port", "4490"));
const MOMENTS = [500, 1000, 2000, 4000];
/** Our pages and the original's part shown beside each (null: none). */
const PAGES = [
  {name: "essay", path: "/", orig: "/pages/particle-worlds/part3.html"},
  {name: "gravity", path: "/gravity", orig: "/pages/particle-worlds/part2.html"},
  {name: "worlds-from-dust", path: "/worlds-from-dust", orig: "/pages/particle-worlds/part4.html"},
  {name: "bench", path: "/bench", orig: null},
  {name: "embed", path: "/embed", orig: null},
];
const onlyPages = flag("--pages", null)?.split(",");
const pages = onlyPages ? PAGES.filter((p) => onlyPages.includes(p.path)) : PAGES;
const SIZES = [
  {label: "1440", viewport: {width: 1440, height: 900}, touch: false, scale: 1 / 3},
  {label: "390", viewport: {width: 390, height: 844}, touch: true, scale: 1 / 2},
];
const EXE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const COMMON = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
// Text, SVG and 2D canvases rastered on the CPU (as the browser tests do, playwright.config.ts):
// rastered through the emulated GPU, a page's screenshot can take longer than the moments apart.
const RASTER = ["--disable-gpu-rasterization", "--disable-accelerated-2d-canvas"];
const SETUPS = {
  webgpu: ["--enable-unsafe-webgpu", "--use-vulkan=swiftshader", "--use-angle=vulkan", "--enable-features=Vulkan", ...RASTER, ...COMMON],
  "no WebGPU": ["--disable-gpu", ...COMMON],
};

/**
 * The frames `url`'s first screen showed at MOMENTS (ms after navigation start). Recorded with
 * the DevTools screencast (the compositor's frames as they are produced, with their times), not
 * with screenshots: a screenshot of a page that is compiling pipelines can take longer than the
 * moments are apart, and would shift them. A tile is the last frame produced at or before its
 * moment (null: nothing painted yet); `at` is that frame's time.
 */
async function timeline(browser, url, size, colorScheme) {
  const context = await browser.newContext({viewport: size.viewport, isMobile: size.touch, hasTouch: size.touch, colorScheme});
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const frames = [];
    cdp.on("Page.screencastFrame", (f) => {
      frames.push({epochMs: f.metadata.timestamp * 1000, png: Buffer.from(f.data, "base64")});
      cdp.send("Page.screencastFrameAck", {sessionId: f.sessionId}).catch(() => {});
    });
    await cdp.send("Page.startScreencast", {format: "png", everyNthFrame: 1});
    await page.goto(url, {waitUntil: "commit"});
    const last = MOMENTS.at(-1);
    await page.waitForFunction((t) => performance.now() >= t, last + 200, {polling: 50, timeout: 120_000});
    const origin = await page.evaluate(() => performance.timeOrigin);
    await cdp.send("Page.stopScreencast");
    return MOMENTS.map((t) => {
      const f = frames.filter((f) => f.epochMs <= origin + t).at(-1);
      return {t, at: f ? f.epochMs - origin : null, png: f?.png ?? null};
    });
  } finally {
    await context.close();
  }
}

/** One PNG: a labelled grid of the rows' screenshots, each scaled by `size.scale`. */
async function sheet(browser, title, rows, size, file) {
  const w = Math.round(size.viewport.width * size.scale);
  const h = Math.round(size.viewport.height * size.scale);
  const cell = (s) =>
    s.png
      ? `<figure><img src="data:image/png;base64,${s.png.toString("base64")}" width="${w}" height="${h}"><figcaption>${(s.t / 1000).toFixed(1)} s (frame of ${(s.at / 1000).toFixed(2)} s)</figcaption></figure>`
      : `<figure><div class="none" style="width:${w}px;height:${h}px">nothing painted yet</div><figcaption>${(s.t / 1000).toFixed(1)} s</figcaption></figure>`;
  const body = rows.map((r) => `<section><h2>${r.label}</h2><div class="row">${r.shots.map(cell).join("")}</div></section>`).join("");
  const html = `<!doctype html><meta charset="utf-8"><style>
    body{margin:12px;font:13px system-ui,sans-serif;background:#fff;color:#111}
    h1{font-size:15px;margin:0 0 8px} h2{font-size:13px;margin:10px 0 4px;font-weight:600}
    .row{display:flex;gap:8px} figure{margin:0} img{display:block;border:1px solid #999}
    figcaption{font-size:12px;color:#333} .none{display:grid;place-items:center;border:1px dashed #999;color:#666}
  </style><h1>${title}</h1>${body}`;
  const context = await browser.newContext({viewport: {width: 4 * (w + 10) + 24, height: 200}, deviceScaleFactor: 1});
  try {
    const page = await context.newPage();
    await page.setContent(html);
    await page.screenshot({path: file, fullPage: true});
  } finally {
    await context.close();
  }
}

const servers = [{dir: oursDir, port: basePort}, ...(origDir ? [{dir: origDir, port: basePort + 1}] : [])].map((s) =>
  spawn("node", ["scripts/serve-dist.mjs", String(s.port), "--root", relative(process.cwd(), resolve(s.dir))], {stdio: ["ignore", "pipe", "inherit"]})
);
await Promise.all(servers.map((p) => new Promise((ok) => p.stdout.once("data", ok))));
mkdirSync(outDir, {recursive: true});
const browsers = Object.fromEntries(
  await Promise.all(Object.entries(SETUPS).map(async ([k, a]) => [k, await chromium.launch({executablePath: EXE, args: a})]))
);
try {
  for (const p of pages)
    for (const size of SIZES) {
      const rows = [];
      for (const [setup, browser] of Object.entries(browsers))
        for (const scheme of ["light", "dark"]) {
          rows.push({label: `${setup}, ${scheme}`, shots: await timeline(browser, `http://127.0.0.1:${basePort}${p.path}`, size, scheme)});
        }
      if (origDir && p.orig)
        rows.push({
          label: `the original's ${p.orig.match(/part\d/)[0].replace("part", "part ")}, webgpu`,
          shots: await timeline(browsers.webgpu, `http://127.0.0.1:${basePort + 1}${p.orig}`, size, "light"),
        });
      const file = join(outDir, `${p.name}-${size.label}.png`);
      await sheet(
        browsers.webgpu,
        `${p.path} at ${size.viewport.width}×${size.viewport.height}: the first screen 0.5, 1, 2 and 4 s after navigation (each tile: the last frame produced by then)`,
        rows,
        size,
        file
      );
      console.log(`wrote ${file}`);
    }
} finally {
  for (const b of Object.values(browsers)) await b.close();
  for (const s of servers) s.kill();
}

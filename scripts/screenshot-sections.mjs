// Viewport screenshots of the essay page, one per section, each centred on that section's main
// widget or figure once it is running (waits on data-engine / rendered content, no fixed sleeps).
//
// Usage:
//   node scripts/screenshot-sections.mjs <url> <out-dir> <width> <height> <light|dark> [names]
//     url      the built essay page, e.g. http://localhost:4900/ (serve dist/ with scripts/serve-dist.mjs)
//     out-dir  where PNGs go; each is written as design-<width>-<scheme>-<name>.png
//     names    optional comma-separated subset of the section names below (default: all)
//   e.g. node scripts/screenshot-sections.mjs http://localhost:4900/ docs/screenshots 1440 900 dark contacts,water
//
// The colour scheme is emulated (prefers-color-scheme), which the page follows when the theme
// toggle has not been used. Sections: contacts (§1), grid (§2), scan, sort, scan-blocks (§3),
// sand (§4), water (§5), performance (§6), epilogue, references (with the footer).
import {chromium} from "@playwright/test";

const [base, outDir, w, h, scheme, only] = process.argv.slice(2);
if (!base || !outDir || !w || !h || !/^(light|dark)$/.test(scheme ?? "")) {
  console.error("usage: node scripts/screenshot-sections.mjs <url> <out-dir> <width> <height> <light|dark> [names]");
  process.exit(2);
}

/** Each section: the element to centre and what must be true before the shot. */
const SECTIONS = [
  {name: "contacts", target: "#demo-contacts [data-widget]", ready: "engine"},
  {name: "grid", target: "#demo-grid [data-widget]", ready: "engine"},
  {name: "scan", target: "#demo-scan-scrub [data-widget]", ready: "engine"},
  {name: "sort", target: "#demo-counting-sort [data-widget]", ready: "engine"},
  {name: "scan-blocks", target: "#demo-scan-blocks [data-widget]", ready: "engine"},
  {name: "sand", target: "#demo-sand [data-widget]", ready: "engine"},
  {name: "water", target: "#demo-water [data-widget]", ready: "engine"},
  {name: "performance", target: "svg.bench-frame-chart", ready: "svg"},
  {name: "epilogue", target: '[id="6-epilogue"] ~ ul', ready: "none"},
  {name: "references", target: "#observablehq-footer, footer", ready: "none", align: "end"},
];

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--enable-unsafe-webgpu",
    "--use-vulkan=swiftshader",
    "--use-angle=vulkan",
    "--enable-features=Vulkan",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
const mobile = +w < 600;
const ctx = await browser.newContext({viewport: {width: +w, height: +h}, colorScheme: scheme, deviceScaleFactor: 1, isMobile: mobile, hasTouch: mobile});
const page = await ctx.newPage();
page.on("pageerror", (e) => console.log(`pageerror: ${e.message}`));
await page.goto(base);
await page.waitForFunction(() => /gpu|cpu/.test(document.querySelector("[data-widget=hero]")?.dataset.engine ?? ""), null, {timeout: 60000});
const wanted = only ? new Set(only.split(",")) : null;
const report = [];
for (const s of SECTIONS) {
  if (wanted && !wanted.has(s.name)) continue;
  // the sections' code loads on approach: bring the section near, then wait for its element
  const loc = page.locator(s.target).first();
  try {
    await loc.waitFor({state: "attached", timeout: 60000});
  } catch {
    // not there yet: scroll to the section's slot (or the end) to trigger loading, then wait again
    await page.evaluate((sel) => document.querySelector(sel.split(" ")[0])?.scrollIntoView({block: "center"}), s.target);
    await loc.waitFor({state: "attached", timeout: 60000});
  }
  await loc.evaluate((e, align) => e.scrollIntoView({block: align ?? "center"}), s.align);
  if (s.ready === "engine") {
    await loc.evaluate(
      (e) =>
        new Promise((resolve, reject) => {
          const t0 = performance.now();
          const check = () => {
            if (/gpu|cpu/.test(e.dataset.engine ?? "")) return resolve();
            if (performance.now() - t0 > 60000) return reject(new Error("engine never set"));
            requestAnimationFrame(check);
          };
          check();
        })
    );
  } else if (s.ready === "svg") {
    await page.waitForFunction((sel) => document.querySelector(sel)?.querySelectorAll("*").length > 10, s.target, {timeout: 60000});
  }
  // let a running widget draw a few frames after it started (frame-count wait, not a sleep)
  await page.evaluate(
    () =>
      new Promise((r) => {
        let n = 0;
        const tick = () => (++n >= 30 ? r() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      })
  );
  // re-centre: content above may have grown while the section loaded
  await loc.evaluate((e, align) => e.scrollIntoView({block: align ?? "center"}), s.align);
  await page.waitForTimeout(300);
  const path = `${outDir}/design-${w}-${scheme}-${s.name}.png`;
  await page.screenshot({path});
  report.push([s.name, await loc.evaluate((e) => e.dataset.engine ?? "-")]);
}
console.log(JSON.stringify(report));
await browser.close();

import {chromium} from "playwright-core";
const url = process.argv[2], out = process.argv[3], sel = process.argv[4];
const b = await chromium.launch({executablePath: "/usr/bin/chromium", args: ["--enable-unsafe-webgpu","--use-vulkan=swiftshader","--use-angle=vulkan","--enable-features=Vulkan","--disable-background-networking"]});
const p = await b.newPage({viewport: {width: 1200, height: 900}});
p.on("console", m => console.log("console", m.type(), m.text()));
p.on("pageerror", e => console.log("pageerror", e.message));
await p.goto(url);
await p.waitForTimeout(4000);
const steps = Number(process.argv[5] ?? 0);
for (let i = 0; i < steps; i++) { await p.click('[data-widget="counting-sort"] button:has-text("Step")'); await p.waitForTimeout(300); }
const el = sel ? p.locator(sel).first() : p;
await el.screenshot({path: out});
console.log(await p.evaluate(() => JSON.stringify(document.querySelector('[data-widget="counting-sort"]')?.value).slice(0, 300)));
console.log(await p.evaluate(() => JSON.stringify(globalThis.__gpuStats)));
await b.close();

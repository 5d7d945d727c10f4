#!/usr/bin/env node
// Runs npm scripts at the same time and fails if any fails: `node scripts/run-parallel.mjs
// typecheck build test:unit`. For steps that each leave cores idle (tsc and the site's build are
// single-threaded; the Node kernel tests wait on SwiftShader now and then): `npm test` runs the
// typecheck, the build and the unit tier side by side, then the browser tier on the built site. Each step's output
// is held and printed whole when it ends (two logs interleaved line by line are unreadable);
// the exit status is the first failing step's, else 0.
import {spawn} from "node:child_process";

const names = process.argv.slice(2);
if (!names.length) {
  console.error("usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]");
  process.exit(2);
}
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const started = Date.now();
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const chunks = [];
      const child = spawn(npm, ["run", "--silent", name], {stdio: ["ignore", "pipe", "pipe"]});
      child.stdout.on("data", (d) => chunks.push(d));
      child.stderr.on("data", (d) => chunks.push(d));
      child.on("error", (e) => chunks.push(Buffer.from(`${e.message}\n`)));
      child.on("close", (code, signal) => {
        const status = code ?? (signal ? 1 : 0);
        process.stdout.write(`\n── npm run ${name}: ${status === 0 ? "ok" : `failed (${signal ?? code})`}, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
        process.stdout.write(Buffer.concat(chunks));
        resolve(status);
      });
    })
);
const codes = await Promise.all(runs);
process.exit(codes.find((c) => c !== 0) ?? 0);

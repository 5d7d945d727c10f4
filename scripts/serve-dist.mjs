// Minimal static server for the built site (dist/), used by the Playwright tests.
// Usage: node scripts/serve-dist.mjs [port]   (default $PORT or 4321)
import {createServer} from "node:http";
import {readFile, stat} from "node:fs/promises";
import {extname, join, normalize} from "node:path";

const root = join(process.cwd(), "dist");
const port = Number(process.argv[2] ?? process.env.PORT ?? 4321);
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".wgsl": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".csv": "text/csv",
};

createServer(async (req, res) => {
  try {
    let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    path = normalize(path).replace(/^(\.\.[/\\])+/, "");
    let file = join(root, path);
    const s = await stat(file).catch(() => null);
    if (s?.isDirectory()) file = join(file, "index.html");
    else if (!s) file = file + ".html";
    const body = await readFile(file);
    res.writeHead(200, {"content-type": types[extname(file)] ?? "application/octet-stream"});
    res.end(body);
  } catch {
    res.writeHead(404, {"content-type": "text/plain"});
    res.end("not found");
  }
}).listen(port, "127.0.0.1", () => console.log(`serving dist/ on http://127.0.0.1:${port}/`));

// Minimal static server for the built site (dist/), used by the Playwright tests.
// Usage: node scripts/serve-dist.mjs [port] [--root DIR] [--site ORIGIN]   (default $PORT or 4321, root dist)
//
// Every response carries `Access-Control-Allow-Origin: *`: a host page on another origin
// loads the embedding modules, their imports and the shader files (as a static host such
// as GitHub Pages does). An unknown path gets dist/404.html with status 404 (when built).
// --root DIR serves another folder (the embedding tests' host pages in tests/fixtures/, on
// a second port: a second origin); --site ORIGIN replaces {{SITE}} in the HTML it serves
// with the site's origin, so a fixture carries the very snippet a blogger pastes.
import {createServer} from "node:http";
import {readFile, stat} from "node:fs/promises";
import {extname, join, normalize} from "node:path";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? null : args.splice(i, 2)[1];
};
const root = join(process.cwd(), flag("--root") ?? "dist");
const site = flag("--site");
const port = Number(args[0] ?? process.env.PORT ?? 4321);
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
const cors = {"access-control-allow-origin": "*"};

/** The file for a URL path: the file itself, else `<path>.html` (Framework's pages), else `<dir>/index.html`. */
async function find(path) {
  const file = join(root, path);
  const s = await stat(file).catch(() => null);
  if (s?.isFile()) return file;
  if (await stat(file + ".html").catch(() => null)) return file + ".html";
  if (s?.isDirectory()) return join(file, "index.html");
  return null;
}

createServer(async (req, res) => {
  try {
    let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    path = normalize(path).replace(/^(\.\.[/\\])+/, "");
    const file = await find(path);
    let body = await readFile(file);
    if (site && extname(file) === ".html") body = body.toString("utf8").replaceAll("{{SITE}}", site);
    res.writeHead(200, {...cors, "content-type": types[extname(file)] ?? "application/octet-stream"});
    res.end(body);
  } catch {
    const page = await readFile(join(root, "404.html")).catch(() => null);
    res.writeHead(404, {...cors, "content-type": page ? types[".html"] : "text/plain"});
    res.end(page ?? "not found");
  }
}).listen(port, "127.0.0.1", () => console.log(`serving ${root} on http://127.0.0.1:${port}/`));

/**
 * A plain static host for the element bundle's tests (elements-bundle*.spec.ts): a server
 * that sends no CORS header, on a port of its own (another origin than the site), and what
 * a page on it requested and logged.
 */
import {copyFileSync, mkdtempSync, readFileSync} from "node:fs";
import {createServer, type Server} from "node:http";
import {tmpdir} from "node:os";
import {basename, extname, join, normalize} from "node:path";
import {expect, type Page} from "@playwright/test";
import {watchErrors} from "./helpers";

const TYPES: Record<string, string> = {".html": "text/html; charset=utf-8", ".js": "text/javascript"};

/** A static server for `root` that sends no CORS header (as a plain blog host); its origin and a stop function. */
export async function serveStatic(root: string): Promise<{origin: string; close: () => Promise<void>}> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    try {
      const body = readFileSync(join(root, path));
      res.writeHead(200, {"content-type": TYPES[extname(path)] ?? "application/octet-stream"});
      res.end(body);
    } catch {
      res.writeHead(404, {"content-type": "text/plain"});
      res.end("not found");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {origin: `http://127.0.0.1:${address.port}`, close: () => new Promise((r) => server.close(() => r()))};
}

/** Every request the page makes (URLs), every console error, page error and failed response (watchErrors). */
export function watch(page: Page) {
  const requests: string[] = [];
  const {errors} = watchErrors(page);
  page.on("request", (r) => requests.push(r.url()));
  return {
    requests,
    errors,
    /**
     * No request left `origin` (data: URLs are none, nor blob: ones: ns-exercise.js's worker, made
     * from a string in the file), the page fetched only host.html and `file` (default
     * ns-widgets.js), nothing was logged as an error.
     */
    expectOnlyTheHostsTwoFiles(origin: string, file = "ns-widgets.js") {
      const elsewhere = requests.filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith("data:") && !u.startsWith(`blob:${origin}/`));
      expect(elsewhere, "requests that left the host's origin").toEqual([]);
      expect(
        requests.filter((u) => u.startsWith(origin)).map((u) => new URL(u).pathname),
        "the page's only requests"
      ).toEqual(["/host.html", `/${file}`]);
      expect(errors).toEqual([]);
    },
  };
}

/** The element `#id`: its inner widget's data-engine and `.value`, and whether its shadow root holds the widget stylesheet's rules. */
export function inner(page: Page, id: string) {
  return page.evaluate((id) => {
    const el = document.getElementById(id) as (HTMLElement & {value: unknown}) | null;
    const w = el?.shadowRoot?.querySelector<HTMLElement>("[data-widget]");
    if (!el || !w) return null;
    const styled = [...el.shadowRoot!.styleSheets].some((s) => [...s.cssRules].some((r) => (r as CSSStyleRule).selectorText?.includes(".widget-status")));
    return {engine: w.dataset.engine ?? null, widget: w.dataset.widget, styled, value: JSON.parse(JSON.stringify(el.value ?? null))};
  }, id);
}

/**
 * A temp folder holding a host page as host.html (default tests/fixtures/bundle/host.html, which
 * loads ns-widgets.js) and a copy of `bundle` under its own name, served by serveStatic.
 */
export async function bundleHost(bundle: string, page = "tests/fixtures/bundle/host.html") {
  const root = mkdtempSync(join(tmpdir(), "ns-bundle-host-"));
  copyFileSync(page, join(root, "host.html"));
  copyFileSync(bundle, join(root, basename(bundle)));
  return {root, host: await serveStatic(root)};
}

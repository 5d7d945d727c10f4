/**
 * The iframe page of a widget (`/embed/<name>?count=800&theme=dark`): the widget alone,
 * its options read from the URL's parameters through the same schema as the element's
 * attributes, a small link back to its essay section, and the page's height posted to
 * the parent (`{type: "ns-embed:height", widget, height}`) whenever it changes, so the
 * host can size the frame. Every parameter reaches the page as text only.
 */
import {createElementFor} from "./element.js";
import {findWidget, unknownWidgetMessage} from "./registry.js";
import {kebab} from "./schemas.js";

export const THEMES = ["light", "dark", "auto"] as const;
/** The `type` of the height message posted to the parent. */
export const HEIGHT_MESSAGE = "ns-embed:height";

/** A one-line notice in the widgets' status style (a bad theme, an unknown widget). */
function notice(kind: "warn" | "error", text: string): HTMLElement {
  const el = document.createElement("div");
  el.className = `widget-status ${kind}`;
  el.setAttribute("role", kind === "error" ? "alert" : "status");
  el.textContent = text;
  return el;
}

/**
 * Posts the height of `el` (CSS px, rounded up) to the parent window each time it changes.
 * Returns a stop function. A height of 0 is never posted: it only means the host hid the
 * frame (`display: none` lays nothing out inside it), and a host that sized the frame to 0
 * would show it again collapsed, then grow it a moment later, moving the page under the
 * reader (and under a host script that scrolls to the frame as it shows it).
 */
export function postHeight(el: HTMLElement, widget: string): () => void {
  if (window.parent === window) return () => {};
  let last = -1;
  const ro = new ResizeObserver(() => {
    const height = Math.ceil(el.getBoundingClientRect().height);
    if (height < 1 || height === last) return;
    last = height;
    window.parent.postMessage({type: HEIGHT_MESSAGE, widget, height}, "*");
  });
  ro.observe(el);
  return () => ro.disconnect();
}

/** Builds the frame's content for widget `name` with the URL parameters `search`. */
export function embedFrame(name: string, search: string): HTMLElement {
  const params = new URLSearchParams(search);
  const page = document.createElement("div");
  page.className = "ns-embed-frame";
  const w = findWidget(name);
  if (!w) {
    page.append(notice("error", unknownWidgetMessage(name)));
    postHeight(page, name);
    return page;
  }
  const theme = params.get("theme");
  const valid = theme === null || (THEMES as readonly string[]).includes(theme);
  const options: Record<string, unknown> = {theme: valid && theme ? theme : "light"};
  for (const key of Object.keys(w.schema)) options[key] = params.get(kebab(key));
  const element = createElementFor(w, options);
  const link = document.createElement("a");
  link.className = "ns-embed-source";
  link.href = `../${w.page ?? ""}#${w.anchor}`;
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = `${w.title} — from “Neighbour search on the GPU”`;
  page.append(element);
  if (!valid) page.append(notice("warn", `theme must be one of ${THEMES.join(", ")}, got ${String(theme).slice(0, 40)}; using light.`));
  page.append(link);
  document.documentElement.dataset.theme = options.theme as string;
  postHeight(page, name);
  return page;
}

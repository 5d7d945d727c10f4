/**
 * The iframe page of a widget (`/embed/<name>?count=800&theme=dark`): the widget alone,
 * its options read from the URL's parameters through the same schema as the element's
 * attributes, a small link back to its essay section, and the document's full height
 * (margins and that link included) posted to the parent (`{type: "ns-embed:height", widget,
 * height}`) whenever it changes, so the host can size the frame to show all of it. Every parameter reaches the page as text only.
 */
import {createElementFor} from "./element.js";
import {findWidget, unknownWidgetMessage} from "./registry.js";
import {EMBED_INFO, kebab} from "./schemas.js";

const THEMES = ["light", "dark", "auto"] as const;
/** The `type` of the height message posted to the parent. */
const HEIGHT_MESSAGE = "ns-embed:height";

/** A one-line notice in the widgets' status style (a bad theme, an unknown widget). */
function notice(kind: "warn" | "error", text: string): HTMLElement {
  const el = document.createElement("div");
  el.className = `widget-status ${kind}`;
  el.setAttribute("role", kind === "error" ? "alert" : "status");
  el.textContent = text;
  return el;
}

/**
 * The frame document's full height in CSS px, rounded up: the root element's box, which holds
 * everything laid out in the page — body's margins, the margins of the cell that holds the
 * widget (they collapse through body into the root), the widget and the credit line under it —
 * plus the root's own margins. Not `scrollHeight`, which never drops below the frame's current
 * height and so could never let a frame shrink.
 */
function documentHeight(doc: Document = document): number {
  const root = doc.documentElement;
  const style = doc.defaultView?.getComputedStyle(root);
  const margins = style ? (Number.parseFloat(style.marginTop) || 0) + (Number.parseFloat(style.marginBottom) || 0) : 0;
  return Math.ceil(root.getBoundingClientRect().height + margins);
}

/**
 * Posts the frame document's full height (`documentHeight`) to the parent window each time it
 * changes: a host that sizes the frame to it shows the whole page, credit line included, with
 * no scrolling inside the frame. Watches the root element (any change of the page's height, a
 * resize of the frame that reflows it) and `el` (the content, in case a change inside it were to
 * leave the root's box as it was). Returns a stop function. A height of 0 is never posted: it only
 * means the host hid the frame (`display: none` lays nothing out inside it), and a host that sized
 * the frame to 0 would show it again collapsed, then grow it a moment later, moving the page under
 * the reader (and under a host script that scrolls to the frame as it shows it).
 */
function postHeight(el: HTMLElement, widget: string): () => void {
  if (window.parent === window) return () => {};
  let last = -1;
  const ro = new ResizeObserver(() => {
    const height = documentHeight();
    if (height < 1 || height === last) return;
    last = height;
    window.parent.postMessage({type: HEIGHT_MESSAGE, widget, height}, "*");
  });
  ro.observe(document.documentElement);
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
  const info = EMBED_INFO[w.name];
  for (const key of Object.keys(info.schema)) options[key] = params.get(kebab(key));
  const element = createElementFor(w, options);
  const link = document.createElement("a");
  link.className = "ns-embed-source";
  link.href = `../${info.page ?? ""}#${info.anchor}`;
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = `${info.title} — from “Neighbour search on the GPU”`;
  page.append(element);
  if (!valid) page.append(notice("warn", `theme must be one of ${THEMES.join(", ")}, got ${String(theme).slice(0, 40)}; using light.`));
  page.append(link);
  document.documentElement.dataset.theme = options.theme as string;
  // the first height posted is the widget's: its code is loaded first (the registry's dynamic
  // import), and the element builds it before the next layout
  w.load().then(
    () => postHeight(page, name),
    () => postHeight(page, name)
  );
  return page;
}

/**
 * What the site's 404 page says. Under /embed/ an unknown name is a widget the host asked
 * for by mistake (an iframe's src): say which names exist. The path is shown as text only.
 */
import {unknownWidgetMessage} from "./names.js";

export function notFoundNotice(pathname: string): HTMLElement {
  const el = document.createElement("p");
  el.setAttribute("role", "alert");
  const m = /\/embed\/([^/?#]*)\/?$/.exec(pathname);
  let name = "";
  try {
    name = m ? decodeURIComponent(m[1]) : "";
  } catch {
    name = m?.[1] ?? "";
  }
  el.className = m ? "widget-status error ns-embed-unknown" : "";
  el.textContent = m ? unknownWidgetMessage(name) : "There is no page at this address.";
  return el;
}

/**
 * The widget stylesheet (components/widgets/runtime/widgets.css) as a node for an element's shadow
 * root. On the site: a `<link>` to the site's copy of the file, its URL from `FileAttachment`,
 * which Framework resolves against this module's own URL, so a host on another origin gets
 * the site's file. The self-contained element bundle (scripts/bundle-elements.mjs) replaces
 * this module with one that returns a `<style>` holding the file's text, so that bundle
 * makes no request for it.
 */
import {FileAttachment} from "observablehq:stdlib";

const widgetCSS = FileAttachment("../widgets/runtime/widgets.css");

/** A new `<link rel="stylesheet">` to widgets.css (its `href` is set once the URL resolves). */
export function widgetStyleNode(): HTMLElement {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  void widgetCSS.url().then((href: string) => (link.href = href));
  return link;
}

/**
 * A task's prose (goal, requirements, hints, "same idea elsewhere") as DOM: plain text with two
 * marks, `code` in backticks and links written [text](https://…). Always text nodes and elements
 * built here, never parsed HTML, so nothing in a task string can inject markup; a link keeps only
 * an http(s) address.
 */

const MARK = /`([^`]+)`|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)|<a\s+href="(https?:\/\/[^"]+)"[^>]*>([^<]+)<\/a>/g;

/** `text` with its marks as `<code>` and `<a>` elements. */
export function inline(text: string): Node[] {
  const nodes: Node[] = [];
  let last = 0;
  for (const m of text.matchAll(MARK)) {
    if (m.index > last) nodes.push(document.createTextNode(text.slice(last, m.index)));
    if (m[1] !== undefined) {
      const code = document.createElement("code");
      code.textContent = m[1];
      nodes.push(code);
    } else {
      const a = document.createElement("a");
      a.href = m[3] ?? m[4];
      a.textContent = m[2] ?? m[5];
      a.rel = "noopener";
      nodes.push(a);
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

/** An element `tag` of class `className` holding `text`'s inline marks. */
export function inlineElement<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.append(...inline(text));
  return el;
}

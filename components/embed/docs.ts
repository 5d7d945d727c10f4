/**
 * The options section of the embedding page (src/embed.md), generated from the schemas
 * so the documentation cannot drift from what the code validates.
 */
import type {WidgetMeta} from "../widgets/runtime/meta.js";
import {tagOf} from "./names.js";
import {EMBED_INFO, optionsMarkdown} from "./schemas.js";

const BEGIN = "<!-- options:begin -->";
const END = "<!-- options:end -->";

/** Every embeddable widget's heading and table, in the catalogue's order (`infos`: another catalogue's, for tests). */
export function optionsSection(infos: Record<string, WidgetMeta> = EMBED_INFO): string {
  return Object.entries(infos)
    .map(
      ([name, info]) =>
        `### \`<${tagOf(name)}>\` · \`/embed/${name}\` — ${info.title}\n\nFrom [the essay's section](./${info.page ?? ""}#${info.anchor}).\n\n${optionsMarkdown(info)}`
    )
    .join("\n\n");
}

/** `page` with the text between the markers replaced by `section`. */
export function replaceOptionsSection(page: string, section: string): string {
  const a = page.indexOf(BEGIN),
    b = page.indexOf(END);
  if (a < 0 || b < a) throw new Error(`src/embed.md lacks the ${BEGIN} … ${END} markers`);
  return `${page.slice(0, a + BEGIN.length)}\n\n${section}\n\n${page.slice(b)}`;
}

/** The text between the markers (what the page carries now). */
export function currentOptionsSection(page: string): string {
  const a = page.indexOf(BEGIN),
    b = page.indexOf(END);
  return a < 0 || b < a ? "" : page.slice(a + BEGIN.length, b).trim();
}

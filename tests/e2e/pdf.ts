/**
 * A minimal reader of the PDFs Chromium writes (`page.pdf()`), with Node's zlib only: the
 * pages in order and, for each, how much it draws. Enough to tell an empty page from a
 * full one; not a general PDF parser (it expects plain objects, as Skia writes them, not
 * object streams).
 */
import {inflateSync} from "node:zlib";

export interface PdfPage {
  /** Bytes of glyph strings shown (Tj / TJ operands): a measure of the text on the page. */
  textBytes: number;
  /** Images drawn (`Do` of an image XObject, also inside forms). */
  images: number;
  /** Bytes of drawing operators (page and forms, inflated): text, paths and images together. */
  contentBytes: number;
}

/** Pages of `pdf` in document order (throws when the file has none: not a PDF this reader understands). */
export function pdfPages(pdf: Buffer): PdfPage[] {
  const src = pdf.toString("latin1");
  const objects = new Map<string, {dict: string; start: number}>();
  for (const m of src.matchAll(/(\d+) 0 obj\b([\s\S]*?)\bendobj/g)) {
    const body = m[2];
    const s = /(?:^|[\s>])stream\r?\n/.exec(body);
    const dict = s ? body.slice(0, s.index) : body;
    objects.set(m[1], {dict, start: s ? m.index! + m[0].indexOf(body) + s.index + s[0].length : -1});
  }
  const streamOf = (id: string): string => {
    const o = objects.get(id);
    if (!o || o.start < 0) return "";
    const len = Number(/\/Length (\d+)/.exec(o.dict)?.[1] ?? 0);
    const raw = pdf.subarray(o.start, o.start + len);
    return (/\/FlateDecode/.test(o.dict) ? inflateSync(raw) : raw).toString("latin1");
  };
  // page order: walk the page tree from the catalog's /Pages
  const rootId = /\/Root (\d+) 0 R/.exec(src)?.[1];
  const pagesId = rootId ? /\/Pages (\d+) 0 R/.exec(objects.get(rootId)?.dict ?? "")?.[1] : undefined;
  const pages: PdfPage[] = [];
  const walk = (id: string) => {
    const d = objects.get(id)?.dict ?? "";
    if (/\/Type\s*\/Pages/.test(d)) {
      const kids = /\/Kids\s*\[([^\]]*)\]/.exec(d)?.[1] ?? "";
      for (const k of kids.matchAll(/(\d+) 0 R/g)) walk(k[1]);
      return;
    }
    const refs = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(d)?.[1] ?? "";
    const content = [...refs.matchAll(/(\d+) 0 R/g)].map((r) => streamOf(r[1])).join("\n");
    pages.push(measure(content, 0));
  };
  // Skia puts content drawn with opacity or a blend mode in form XObjects: count their text too
  const xobjects = new Map<string, string>();
  for (const m of src.matchAll(/\/XObject\s*<<([^>]*)>>/g)) for (const x of m[1].matchAll(/\/([\w.-]+)\s+(\d+) 0 R/g)) xobjects.set(x[1], x[2]);
  const measure = (content: string, depth: number): PdfPage => {
    let textBytes = 0;
    for (const t of content.matchAll(/(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\[[^\]]*\])\s*T[jJ]/g)) textBytes += t[1].length;
    let images = 0;
    let contentBytes = content.length;
    for (const x of content.matchAll(/\/([\w.-]+)\s+Do\b/g)) {
      const id = xobjects.get(x[1]);
      const dict = id ? (objects.get(id)?.dict ?? "") : "";
      if (/\/Subtype\s*\/Image/.test(dict)) images++;
      else if (id && depth < 8) {
        const inner = measure(streamOf(id), depth + 1);
        textBytes += inner.textBytes;
        images += inner.images;
        contentBytes += inner.contentBytes;
      }
    }
    return {textBytes, images, contentBytes};
  };
  if (pagesId) walk(pagesId);
  if (!pages.length) throw new Error("pdfPages: no pages found");
  return pages;
}

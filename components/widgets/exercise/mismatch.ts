/**
 * The first mismatch of a check, drawn with d3: the twin's array ("expected") over the reader's
 * ("got"), a window of words around the first difference, its index marked and every differing
 * word tinted. As many words as fit the width (at least five), centred on the mismatch, so a phone
 * shows fewer words at the same legible size. The sentence above it says the same in words.
 */
import * as d3 from "../../d3.js";
import type {CaseResult} from "../../exercises/task.js";

const LABEL_W = 66;
const MIN_BOX = 30;
const MAX_BOX = 46;
const ROW = 26;

/** A word as shown: integers as they are, other numbers to 4 significant digits. */
const wordText = (v: number) => (Number.isInteger(v) ? String(v) : Number.isFinite(v) ? String(Number(v.toPrecision(4))) : String(v));

/** The words of `c`'s window that fit `width` px, centred on the mismatch: their first index and both arrays. */
export function fitWindow(c: CaseResult, width: number): {start: number; expected: number[]; got: number[]} | null {
  const w = c.window;
  if (!w || !c.mismatch) return null;
  const fit = Math.max(5, Math.floor((width - LABEL_W) / MIN_BOX));
  const len = Math.min(w.expected.length, w.got.length, fit);
  const at = c.mismatch.index - w.start;
  const from = Math.max(0, Math.min(at - Math.floor(len / 2), Math.min(w.expected.length, w.got.length) - len));
  return {start: w.start + from, expected: w.expected.slice(from, from + len), got: w.got.slice(from, from + len)};
}

/** The view of `c`'s first mismatch for a box `width` px wide, or null when the case has none. */
export function mismatchView(c: CaseResult, width: number): HTMLElement | null {
  const win = fitWindow(c, width);
  const m = c.mismatch;
  if (!win || !m) return null;
  const n = win.expected.length;
  const box = Math.min(MAX_BOX, Math.floor((width - LABEL_W) / n));
  const w = LABEL_W + n * box;
  const h = 18 + 2 * ROW + 4;
  const figure = document.createElement("figure");
  figure.className = "exercise-mismatch";
  const caption = document.createElement("figcaption");
  caption.textContent = `Size ${c.size.toLocaleString("en-US")}: the first difference is at index ${m.index}: expected ${wordText(m.expected)}, got ${wordText(m.got)}.`;
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${w} ${h}`)
    .attr("width", w)
    .attr("height", h)
    .attr("role", "img")
    .attr("aria-label", `Words ${win.start} to ${win.start + n - 1} of the expected and the produced array; index ${m.index} differs.`);
  const x = (i: number) => LABEL_W + i * box;
  const idx = d3.range(n);
  svg
    .append("g")
    .attr("class", "mm-index")
    .selectAll("text")
    .data(idx)
    .join("text")
    .attr("x", (i) => x(i) + box / 2)
    .attr("y", 12)
    .attr("text-anchor", "middle")
    .text((i) => win.start + i);
  const rows: [string, number[]][] = [
    ["expected", win.expected],
    ["got", win.got],
  ];
  rows.forEach(([label, values], r) => {
    const g = svg
      .append("g")
      .attr("class", `mm-row mm-${label}`)
      .attr("transform", `translate(0, ${18 + r * ROW})`);
    g.append("text")
      .attr("class", "mm-label")
      .attr("x", LABEL_W - 8)
      .attr("y", ROW / 2 + 4)
      .attr("text-anchor", "end")
      .text(label);
    const cell = g
      .selectAll("g")
      .data(idx)
      .join("g")
      .attr("class", (i) => (win.expected[i] !== win.got[i] ? "mm-cell mm-differs" : "mm-cell"))
      .attr("transform", (i) => `translate(${x(i)}, 0)`);
    cell
      .append("rect")
      .attr("width", box - 2)
      .attr("height", ROW - 4)
      .attr("x", 1)
      .attr("y", 1);
    cell
      .append("text")
      .attr("x", box / 2)
      .attr("y", ROW / 2 + 4)
      .attr("text-anchor", "middle")
      .attr("font-size", (i) => (wordText(values[i]).length * 7 > box - 4 ? 9 : 12))
      .text((i) => wordText(values[i]));
  });
  const at = m.index - win.start;
  svg
    .append("rect")
    .attr("class", "mm-mark")
    .attr("x", x(at) - 1)
    .attr("y", 16)
    .attr("width", box)
    .attr("height", 2 * ROW + 2)
    .attr("rx", 4);
  figure.append(caption, svg.node()!);
  // the window drawn, for markTouched
  figure.dataset.start = String(win.start);
  figure.dataset.count = String(n);
  figure.dataset.box = String(box);
  return figure;
}

/**
 * Marks word `index` (both rows) in a view made by `mismatchView`: the slot a stepped thread
 * touches (stepper.ts). Null, or an index outside the words drawn, removes the mark.
 */
export function markTouched(figure: HTMLElement, index: number | null): void {
  const svg = d3.select(figure).select("svg");
  svg.selectAll(".mm-touch").remove();
  const start = Number(figure.dataset.start);
  const box = Number(figure.dataset.box);
  if (index === null || !(index >= start && index < start + Number(figure.dataset.count))) return;
  svg
    .append("rect")
    .attr("class", "mm-touch")
    .attr("x", LABEL_W + (index - start) * box + 1)
    .attr("y", 18)
    .attr("width", box - 2)
    .attr("height", 2 * ROW - 2)
    .attr("rx", 3);
}

/**
 * What a check said, under the editor: one summary sentence (passed, does not compile, a problem,
 * or the first size that gave a wrong answer), the compiler's messages as buttons that move the
 * cursor to their line and column, each size the check ran with its outcome, the first mismatch
 * drawn (mismatch.ts), and a race the interpreter saw. The box is a polite live region, so a
 * screen reader hears the summary when a check ends.
 */
import type {CheckResult, CompileMessage, RaceReport} from "../../exercises/task.js";
import {markTouched, mismatchView} from "./mismatch.js";

const fmt = (n: number) => n.toLocaleString("en-US");

/** The summary sentence of a result. */
export function summaryOf(r: CheckResult): string {
  const errors = r.messages.filter((m) => m.type === "error");
  if (errors.length)
    return `Your code does not compile: ${errors.length === 1 ? "one error" : `${errors.length} errors`}, marked in the editor at ${errors.length === 1 ? "its line" : "their lines"}.`;
  if (r.race) return "Your kernel races: two threads of a workgroup touch the same slot with no barrier between them.";
  if (r.problem) return r.problem;
  if (r.passed) return `Passed: at every size (${r.cases.map((c) => fmt(c.size)).join(", ")}) your kernel's output equals the twin's.`;
  const bad = r.cases.find((c) => !c.passed);
  if (bad)
    return `Wrong answer at size ${fmt(bad.size)}${bad.mismatch ? `: index ${fmt(bad.mismatch.index)} should be ${bad.mismatch.expected}, your kernel wrote ${bad.mismatch.got}` : ""}.`;
  return "The check ran no case: nothing to compare.";
}

/** A race in one sentence: who read or wrote which slot, where, with no barrier between. */
function raceSentence(race: RaceReport): string {
  const slot = race.slot ?? `${race.buffer}[${race.index}]`;
  const where = (line?: number) => (line ? ` (line ${line})` : "");
  const wg = race.workgroup !== undefined ? ` of workgroup ${race.workgroup}` : "";
  if (race.bothWrite)
    return `Threads ${race.reader} and ${race.writer}${wg} both wrote ${slot}${where(race.writeLine)} with no barrier between them: which value survives depends on timing.`;
  return `Thread ${race.reader}${wg} read ${slot}${where(race.readLine)} while thread ${race.writer} writes it${where(race.writeLine)}, with no workgroupBarrier() between: it may read the old value or the new one.`;
}

/** The result box: `show(r)` for a finished check, `running(text)` while one runs, `clear()`. */
export function resultBox(goTo: (m: CompileMessage) => void) {
  const element = document.createElement("div");
  element.className = "exercise-result";
  element.setAttribute("aria-live", "polite");
  const summary = document.createElement("p");
  summary.className = "exercise-summary";
  const details = document.createElement("div");
  element.append(summary, details);
  let last: CheckResult | null = null;
  // the mismatch view drawn, and the word a stepped thread touches in it (with the size it ran at)
  let figure: HTMLElement | null = null;
  let touched: {index: number; size: number} | null = null;
  const mark = () => {
    const bad = last?.cases.find((c) => !c.passed && c.mismatch);
    if (figure) markTouched(figure, touched && bad && touched.size === bad.size ? touched.index : null);
  };

  const messageList = (messages: readonly CompileMessage[]) => {
    const ul = document.createElement("ul");
    ul.className = "exercise-messages";
    for (const m of messages) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = `exercise-message ${m.type}`;
      // column 0: the compiler gave none (the CPU interpreter's parser)
      b.textContent = `Line ${m.line}${m.column > 0 ? `, column ${m.column}` : ""}: ${m.message}`;
      b.title = "Move the cursor there";
      b.addEventListener("click", () => goTo(m));
      li.append(b);
      ul.append(li);
    }
    return ul;
  };
  const caseList = (r: CheckResult) => {
    const ul = document.createElement("ul");
    ul.className = "exercise-cases";
    ul.setAttribute("aria-label", "Sizes checked");
    for (const c of r.cases) {
      const li = document.createElement("li");
      li.className = c.passed ? "pass" : "fail";
      li.textContent = `${fmt(c.size)} ${c.passed ? "✓" : "✗"}`;
      li.title = c.passed ? `size ${fmt(c.size)}: equal to the twin` : `size ${fmt(c.size)}: differs from the twin`;
      ul.append(li);
    }
    return ul;
  };
  const draw = () => {
    const r = last;
    details.replaceChildren();
    if (!r) return;
    if (r.messages.length) details.append(messageList(r.messages));
    if (r.cases.length) details.append(caseList(r));
    if (r.race) {
      const p = document.createElement("p");
      p.className = "exercise-race";
      // the checker's own sentence where it gave one (it names the lines), else one made here
      p.textContent = r.problem ?? raceSentence(r.race);
      details.append(p);
    }
    const bad = r.cases.find((c) => !c.passed && c.mismatch);
    const view = bad && mismatchView(bad, Math.max(240, Math.floor(element.getBoundingClientRect().width) || 600));
    figure = view || null;
    if (view) details.append(view);
    mark();
  };
  return {
    element,
    show(r: CheckResult) {
      last = r;
      element.dataset.state = r.passed ? "pass" : "fail";
      summary.textContent = summaryOf(r);
      draw();
    },
    running(text: string) {
      last = null;
      figure = null;
      element.dataset.state = "running";
      summary.textContent = text;
      details.replaceChildren();
    },
    clear() {
      last = null;
      figure = null;
      delete element.dataset.state;
      summary.textContent = "";
      details.replaceChildren();
    },
    /** The result shown (null while a check runs and when cleared). */
    current: (): CheckResult | null => last,
    /** Lays the mismatch out again for a new width. */
    relayout: draw,
    /**
     * Marks output word `index` in the mismatch view when the view shows the case of that input
     * `size` (the slot a stepped thread touches); null removes the mark.
     */
    markSlot(index: number | null, size: number) {
      touched = index === null ? null : {index, size};
      mark();
    },
  };
}

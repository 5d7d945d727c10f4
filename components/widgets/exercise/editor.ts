/**
 * The exercise's code editor: CodeMirror 6 with the WGSL grammar of @iizukak/codemirror-lang-wgsl,
 * line numbers, a lint gutter for the compiler's messages, undo history and bracket matching. Loaded
 * only when an exercise starts (index.ts imports this module lazily), so a page pays for the editor
 * only when a reader opens a task.
 *
 * Keyboard: Tab indents inside the editor, so Escape leaves it (the widget moves the focus to its
 * Run button, from where Tab and Shift+Tab go on through the page): no tab trap. Ctrl+Enter (⌘+Enter) runs the
 * check. The token colours are classes (`tok-keyword`, …) styled in widgets.css from the theme's
 * syntax colours, so the editor follows the page's light and dark themes.
 */
import {defaultKeymap, history, historyKeymap, indentWithTab} from "@codemirror/commands";
import {bracketMatching, indentOnInput, indentUnit, syntaxHighlighting} from "@codemirror/language";
import {type Diagnostic, lintGutter, lintKeymap, setDiagnostics} from "@codemirror/lint";
import {EditorState, Prec, StateEffect, StateField} from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import {wgsl} from "@iizukak/codemirror-lang-wgsl";
import {classHighlighter} from "@lezer/highlight";
import type {CompileMessage} from "../../exercises/task.js";

interface EditorOptions {
  /** The code to start with. */
  doc: string;
  /** The editor's accessible name ("WGSL editor: the histogram"). */
  label: string;
  /** Id of the element describing the keys (the visible hint under the editor). */
  describedBy: string;
  /** Called after every change of the text, with the new text. */
  onChange(code: string): void;
  /** Ctrl+Enter / ⌘+Enter. */
  onRun(): void;
  /** Escape: where the focus goes when it leaves the editor. */
  onLeave(): void;
}

export interface ExerciseEditor {
  readonly view: EditorView;
  /** The text in the editor. */
  code(): string;
  /** Replaces the whole text (Reset, the solution): one undoable change. */
  setCode(code: string): void;
  /** Shows compilation messages at their line and column (an empty list clears them). */
  showMessages(messages: readonly CompileMessage[]): void;
  /** Moves the cursor to a message's place and focuses the editor. */
  goTo(message: CompileMessage): void;
  /**
   * Marks line `line` (1-based) as the one a stepped thread runs, scrolled into the editor's own
   * box (never the page), without moving the cursor or the focus; null removes the mark.
   */
  markStep(line: number | null): void;
  focus(): void;
  destroy(): void;
}

/**
 * `message`'s place in `state`'s text, clamped into the document: from its column to the end of the
 * word there (at least one character where the line has one); with no column (0, the interpreter's
 * parser gives none), the line's text after its indentation.
 */
export function messageRange(state: EditorState, m: Pick<CompileMessage, "line" | "column">): {from: number; to: number} {
  const doc = state.doc;
  const line = doc.line(Math.min(Math.max(1, Math.round(m.line) || 1), doc.lines));
  if (!(m.column > 0)) {
    const indent = /^\s*/.exec(line.text)![0].length;
    return {from: line.from + indent, to: line.to};
  }
  const col = Math.min(Math.max(0, (Math.round(m.column) || 1) - 1), line.length);
  const from = line.from + col;
  const rest = line.text.slice(col);
  const word = /^[A-Za-z0-9_]+/.exec(rest)?.[0].length ?? (rest.length ? 1 : 0);
  return word ? {from, to: from + word} : {from: Math.max(line.from, from - (col > 0 ? 1 : 0)), to: from};
}

/** The compiler's messages as CodeMirror diagnostics. */
function diagnosticsOf(state: EditorState, messages: readonly CompileMessage[]): Diagnostic[] {
  return messages.map((m) => ({
    ...messageRange(state, m),
    severity: m.type === "error" ? "error" : m.type === "warning" ? "warning" : "info",
    message: m.message,
    source: m.column > 0 ? `line ${m.line}, column ${m.column}` : `line ${m.line}`,
  }));
}

/** The stepped thread's line (stepper.ts): set by `markStep`, cleared by any edit. */
const setStepLine = StateEffect.define<number | null>();
const stepLine = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = tr.docChanged ? Decoration.none : marks;
    for (const e of tr.effects) {
      if (!e.is(setStepLine)) continue;
      const doc = tr.state.doc;
      next = e.value === null || e.value < 1 || e.value > doc.lines ? Decoration.none : Decoration.set([stepMark.range(doc.line(e.value).from)]);
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});
const stepMark = Decoration.line({class: "cm-step-line", attributes: {"data-step-line": "true"}});

/** A CodeMirror editor in `parent` (see the module comment). */
export function createEditor(parent: HTMLElement, o: EditorOptions): ExerciseEditor {
  const keys = [{key: "Mod-Enter", run: () => (o.onRun(), true)}, indentWithTab, ...lintKeymap, ...historyKeymap, ...defaultKeymap];
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: o.doc,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        indentUnit.of("  "),
        wgsl(),
        syntaxHighlighting(classHighlighter),
        lintGutter(),
        stepLine,
        keymap.of(keys),
        // last, so that an open lint panel or a selection takes Escape first
        Prec.lowest(keymap.of([{key: "Escape", run: () => (o.onLeave(), true)}])),
        // tabindex: the content is in the tab order as contenteditable anyway; said outright, checkers
        // (axe's scrollable-region-focusable) see that the scrolling box holds a focusable element
        EditorView.contentAttributes.of({"aria-label": o.label, "aria-describedby": o.describedBy, tabindex: "0"}),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) o.onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  // the starters mark the place to write with a TODO comment: the cursor starts there, in the
  // middle of the editor's own scrolling box (CodeMirror's scrollIntoView would scroll the page too)
  const todo = o.doc.indexOf("TODO");
  if (todo >= 0) {
    const at = view.state.doc.lineAt(todo).from;
    view.dispatch({selection: {anchor: at}});
    view.requestMeasure({
      read: () => view.lineBlockAt(at).top - view.scrollDOM.clientHeight / 2,
      write: (top) => {
        view.scrollDOM.scrollTop = Math.max(0, top);
      },
    });
  }
  return {
    view,
    code: () => view.state.doc.toString(),
    setCode(code) {
      view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: code}});
    },
    showMessages(messages) {
      view.dispatch(setDiagnostics(view.state, diagnosticsOf(view.state, messages)));
    },
    goTo(m) {
      const {from} = messageRange(view.state, m);
      view.dispatch({selection: {anchor: from}, scrollIntoView: true});
      view.focus();
    },
    markStep(line) {
      view.dispatch({effects: setStepLine.of(line)});
      if (line === null || line < 1 || line > view.state.doc.lines) return;
      const at = view.state.doc.line(line).from;
      // scrolled in the editor's own box, as the TODO is: CodeMirror's scrollIntoView would scroll the page too
      view.requestMeasure({
        read: () => {
          const block = view.lineBlockAt(at);
          const box = view.scrollDOM;
          const inside = block.top >= box.scrollTop && block.bottom <= box.scrollTop + box.clientHeight;
          return inside ? null : block.top - box.clientHeight / 2;
        },
        write: (top) => {
          if (top !== null) view.scrollDOM.scrollTop = Math.max(0, top);
        },
      });
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}

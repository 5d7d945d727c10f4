/**
 * §1 widget: discs in a box, contacts found by brute force over every pair, on the CPU
 * (see cpu.ts). The cursor (mouse, pen, or touch after a tap) shoves nearby discs; a
 * log-scale slider sets the disc count (200–4,000); Re-seed scatters them anew.
 *
 * `.value` (with `input` events, ~4×/s): ContactsValue (options.ts). `snapshot()` returns
 * the positions the published step searched, so a test can recount. `timing`: main-thread
 * cost per frame. `dispose()` (or Framework's `invalidation`) stops everything.
 */
import {touchFirst} from "../runtime/canvas.js";
import {CONTACT_DEFAULTS, type ContactParams} from "../../contacts/physics.js";
import {runEngine} from "../runtime/engine.js";
import {fmtNumber, readOptions} from "../runtime/options.js";
import {createStatus} from "../runtime/status.js";
import {frameTiming, type FrameTiming} from "../runtime/timing.js";
import {setValue, widgetRoot, type WidgetElement} from "../runtime/view.js";
import {captionLine, widgetCard} from "../runtime/card.js";
import {contactsControls} from "./controls.js";
import {contactsCPU, type ContactsEngine} from "./cpu.js";
import {discStage, drawContacts} from "./draw.js";
import {CONTACTS_OPTIONS, initialValue, type ContactsDemoOptions, type ContactsSnapshot, type ContactsValue} from "./options.js";

export type {ContactsDemoOptions, ContactsValue, ContactsSnapshot};
export type ContactsDemoElement = WidgetElement<ContactsValue> & {snapshot(): ContactsSnapshot | null; timing: FrameTiming};

const BRUTE_FORCE_NOTE = "Brute force in JavaScript on the CPU: every pair of discs is checked every step.";

/** Creates the §1 contacts demo. Bad options are replaced and reported in the status line, never thrown. */
export function createContactsDemo(options: ContactsDemoOptions = {}): ContactsDemoElement {
  const {values: o, notes} = readOptions(CONTACTS_OPTIONS, options as Record<string, unknown>);
  const P: ContactParams = {...CONTACT_DEFAULTS, ...options.params};
  const state = {count: o.count, seed: o.seed};
  const root = widgetRoot("contacts", "contacts-demo", initialValue(o.count)) as ContactsDemoElement;
  const status = createStatus();
  status.setNotes(notes);
  status.info(BRUTE_FORCE_NOTE);
  const stage = discStage(P, {
    label: "Discs falling into a pile in a box; move the pointer over the box to shove them.",
    keys: "Arrow keys move a pointer that shoves the discs.",
    maxWidth: o.maxWidth,
    status,
  });
  const timing = frameTiming();
  const runtime = runEngine<ContactsEngine>({
    root,
    status,
    cpu: () =>
      contactsCPU({
        P,
        stepsPerFrame: o.stepsPerFrame,
        state,
        pointer: stage.pointer,
        timing,
        draw: (discs) => drawContacts(stage, discs, P, stage.pointer),
        publish: (value) => setValue(root, value),
      }),
    animated: true,
    stage,
    invalidation: options.invalidation,
  });
  runtime.scope.onDispose(() => stage.dispose());
  stage.onResize(() => runtime.engine?.draw());

  const controls = contactsControls(
    state.count,
    (n) => {
      state.count = n;
      runtime.engine?.reset();
    },
    () => {
      state.seed++;
      runtime.engine?.reset();
    }
  );
  controls.append(runtime.playControl!);
  root.append(stage.element, controls, status.element);
  widgetCard(
    root,
    ({value: v, fps}) =>
      captionLine(
        `${fmtNumber(v.count)} discs`,
        `${fmtNumber(v.checksPerStep)} checks per step`,
        fps === null ? "" : `${Math.round(fps)} steps/s`,
        touchFirst() ? "tap the box, then drag to shove the pile" : "move the pointer over the box to shove the pile"
      ),
    {frames: () => root.value.steps}
  );
  root.timing = timing;
  root.snapshot = () => runtime.engine?.snapshot() ?? null;
  root.dispose = () => runtime.dispose();
  return root;
}

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
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {fmtNumber, readOptions} from "../runtime/options.js";
import {frameTiming, type FrameTiming} from "../runtime/timing.js";
import {setValue} from "../runtime/view.js";
import {captionLine} from "../runtime/card.js";
import {contactsControls} from "./controls.js";
import {contactsCPU, type ContactsEngine} from "./cpu.js";
import {discStageOptions, frameDiscStage} from "../shared/discs/stage.js";
import {drawContacts} from "./draw.js";
import {CONTACTS_OPTIONS, initialValue, type ContactsOptions, type ContactsSnapshot, type ContactsValue} from "./options.js";

export type {ContactsValue, ContactsSnapshot};
type ContactsElement = MountedElement<ContactsValue> & {snapshot(): ContactsSnapshot | null; timing: FrameTiming};

const BRUTE_FORCE_NOTE = "Brute force in JavaScript on the CPU: every pair of discs is checked every step.";

/** The options read, with the widget's state and physical parameters. */
function readContacts(options: ContactsOptions) {
  const {values: o, notes} = readOptions(CONTACTS_OPTIONS, options as Record<string, unknown>);
  const P: ContactParams = {...CONTACT_DEFAULTS, ...options.params};
  return {o, notes, P, state: {count: o.count, seed: o.seed}};
}

/** The §1 contacts demo as a definition (CPU only; mounted by `mountWidget`). */
export const contactsDefinition = defineWidget<ContactsOptions, ReturnType<typeof readContacts>, ContactsValue, ContactsEngine>({
  name: "contacts",
  className: "contacts-demo",
  read: readContacts,
  value: ({o}) => initialValue(o.count),
  stage: ({o, P}) =>
    discStageOptions(P, {
      label: "Discs falling into a pile in a box; move the pointer over the box to shove them.",
      keys: "Arrow keys move a pointer that shoves the discs.",
      maxWidth: o.maxWidth,
    }),
  build: (w) => {
    const {o, P, state} = w.config;
    const {root, stage, status} = w;
    frameDiscStage(stage);
    status.info(BRUTE_FORCE_NOTE);
    const timing = frameTiming();
    stage.onResize(() => w.engine?.draw());
    const controls = contactsControls(
      state.count,
      (n) => {
        state.count = n;
        w.engine?.reset();
      },
      () => {
        state.seed++;
        w.engine?.reset();
      }
    );
    const el = root as ContactsElement;
    el.timing = timing;
    el.snapshot = () => w.engine?.snapshot() ?? null;
    return {
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
      layout: (play) => (controls.append(play!), [stage.element, controls, status.element]),
      frameCount: () => root.value.steps,
      caption: ({value: v, fps}) =>
        captionLine(
          `${fmtNumber(v.count)} discs`,
          `${fmtNumber(v.checksPerStep)} checks per step`,
          fps === null ? "" : `${Math.round(fps)} steps/s`,
          touchFirst() ? "tap the box, then drag to shove the pile" : "move the pointer over the box to shove the pile"
        ),
    };
  },
});

/** Creates the §1 contacts demo. Bad options are replaced and reported in the status line, never thrown. */
export const createContacts = (options: ContactsOptions = {}): ContactsElement => mountWidget(contactsDefinition, options) as ContactsElement;

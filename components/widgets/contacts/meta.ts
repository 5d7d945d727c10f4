// The contacts widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {CONTACTS_OPTIONS} from "./options.js";

export const meta = {
  name: "contacts",
  title: "Contacts by brute force",
  anchor: "1-contacts-mostly-checking-for-nothing",
  schema: CONTACTS_OPTIONS,
} satisfies WidgetMeta;

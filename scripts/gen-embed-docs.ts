// Writes the options tables of src/embed.md (between <!-- options:begin --> and
// <!-- options:end -->) from the widgets' option schemas. Run: npx tsx scripts/gen-embed-docs.ts
// tests/unit/embed-docs.test.ts fails when the page and the schemas disagree.
import {readFileSync, writeFileSync} from "node:fs";
import {optionsSection, replaceOptionsSection} from "../components/embed/docs.js";

const path = new URL("../src/embed.md", import.meta.url);
writeFileSync(path, replaceOptionsSection(readFileSync(path, "utf8"), optionsSection()));
console.log("src/embed.md: options tables written");

// Writes the figures of data/bench/pipelines.md (results table, what the small figures are
// made of, targets) from data/bench/pipelines.json, between the file's markers.
// Run after committing a new benchmark JSON: npx tsx scripts/gen-bench-notes.ts
import {readFileSync, writeFileSync} from "node:fs";
import {GENERATED_BEGIN, GENERATED_END, pipelinesNotes, spliceNotes} from "../components/bench/notes.js";

const md = new URL("../data/bench/pipelines.md", import.meta.url);
const json = JSON.parse(readFileSync(new URL("../data/bench/pipelines.json", import.meta.url), "utf8"));
// the original essay's water, to compare per simulated second
const original = JSON.parse(readFileSync(new URL("../data/bench/original-water-h200.json", import.meta.url), "utf8"));
let text = readFileSync(md, "utf8");
// first run: a line "GENERATED" marks where the block goes
if (!text.includes(GENERATED_BEGIN)) text = text.replace(/^GENERATED$/m, `${GENERATED_BEGIN}\n${GENERATED_END}`);
writeFileSync(md, spliceNotes(text, pipelinesNotes(json, original)));
console.log("data/bench/pipelines.md: figures written from pipelines.json");

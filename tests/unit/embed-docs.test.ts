// The embedding page's options tables are the schemas the code validates with, and the
// string inputs (attributes, URL parameters) go through those schemas.
import {readFileSync} from "node:fs";
import {describe, expect, test} from "vitest";
import {currentOptionsSection, optionsSection} from "../../components/embed/docs.js";
import {EMBED_NAMES, unknownWidgetMessage} from "../../components/embed/names.js";
import {EMBED_INFO, EMPTY_TEXT, inputFromStrings, kebab, optionRows} from "../../components/embed/schemas.js";
import {OPTION_NAMES, readOptions} from "../../components/widgets/runtime/options.js";
import {PARAM_OPTIONS} from "../../components/widgets/water/options.js";

const page = readFileSync(new URL("../../src/embed.md", import.meta.url), "utf8");

describe("src/embed.md options tables", () => {
  test("match the schemas (regenerate with npx tsx scripts/gen-embed-docs.ts)", () => {
    expect(currentOptionsSection(page)).toBe(optionsSection());
  });
  test("every widget's every option has a row with its range and default", () => {
    for (const name of EMBED_NAMES) {
      const {schema} = EMBED_INFO[name];
      const rows = optionRows(schema);
      expect(rows.map((r) => r.attribute)).toEqual(Object.keys(schema).map(kebab));
      const start = page.indexOf(`\`/embed/${name}\``);
      const section = page.slice(start, page.indexOf("### ", start) < 0 ? undefined : page.indexOf("### ", start)).split("\n");
      for (const [key, spec] of Object.entries(schema)) {
        const row = section.find((l) => l.startsWith(`| \`${kebab(key)}\` |`));
        expect(row, `${name}.${key}`).toBeTruthy();
        if (spec.type === "number")
          expect(row).toContain(
            `${spec.min.toLocaleString("en-US", {maximumFractionDigits: 6})}–${spec.max.toLocaleString("en-US", {maximumFractionDigits: 6})}`
          );
      }
    }
  });
});

describe("string inputs through the schemas", () => {
  const schema = EMBED_INFO.contacts.schema;
  test("absent → default silently; empty, negative, too large, text, <script> → a note naming the option and range", () => {
    expect(
      readOptions(
        schema,
        inputFromStrings(schema, () => null)
      )
    ).toEqual({values: {count: 2000, stepsPerFrame: 2, seed: 1, maxWidth: 560}, notes: []});
    for (const bad of ["", "-5", "99999", "abc", "<script>alert(1)</script>"]) {
      const {values, notes} = readOptions(
        schema,
        inputFromStrings(schema, (n) => (n === "count" ? bad : null))
      );
      expect(notes, bad).toHaveLength(1);
      expect(notes[0]).toContain("disc count");
      expect(notes[0]).toMatch(/200.*4,000/);
      expect(values.count).toBeGreaterThanOrEqual(200);
      expect(values.count).toBeLessThanOrEqual(4000);
    }
    expect(inputFromStrings(schema, (n) => (n === "count" ? " " : null)).count).toBe(EMPTY_TEXT);
    // an embedding host asks for the attribute's name in the note
    const named = readOptions(schema, {count: "abc", stepsPerFrame: 3, [OPTION_NAMES]: "attribute"});
    expect(named.notes).toEqual(["disc count (count) must be a number between 200 and 4,000, got abc; using 2,000."]);
  });
  test("the water's parameter attributes become its `params`, and their notes name the attribute", () => {
    const w = EMBED_INFO.water;
    const options = w.toOptions!({count: "20000", k: "5000", xsph: "0.1", [OPTION_NAMES]: "attribute"}) as any;
    expect(options.count).toBe("20000");
    expect(options.k).toBeUndefined();
    expect({k: options.params.k, xsph: options.params.xsph}).toEqual({k: "5000", xsph: "0.1"});
    const {values, notes} = readOptions(PARAM_OPTIONS, options.params);
    expect(values.k).toBe(1000);
    expect(values.xsph).toBe(0.1);
    expect(notes).toEqual(["pressure stiffness k (k) 5000 is outside 20–1,000; using 1,000."]);
  });
  test("an empty boolean attribute means true (HTML's boolean attributes)", () => {
    const g = EMBED_INFO["grid-query"].schema;
    expect(
      readOptions(
        g,
        inputFromStrings(g, (n) => (n === "show-grid" ? "" : null))
      ).values.showGrid
    ).toBe(true);
  });
  test("an unknown widget name is named, clipped, and the known ones listed", () => {
    const m = unknownWidgetMessage(`<img src=x onerror=alert(1)>${"x".repeat(100)}`);
    expect(m).toContain("There is no widget called");
    // the name clipped to 40 characters: the message is the list of known names and a short line
    expect(m).not.toContain("x".repeat(41));
    expect(m.length).toBeLessThan(100 + EMBED_NAMES.join(", ").length);
    for (const n of EMBED_NAMES) expect(m).toContain(n);
  });
});

// Option reading (components/widgets/runtime/options.ts) in Node: the notes a bad option
// gives and the value used instead, for the factory options, the attributes of an embedded
// element and the URL parameters alike. The browser tests check that these notes are
// visible on the widget; the wording and the replacement values are pure logic, held here.
import {describe, expect, it} from "vitest";
import {sortWidgetSchema} from "../../components/widgets/counting-sort/options.js";
import {fmtMs, OPTION_NAMES, readOptions, type OptionSchema} from "../../components/widgets/runtime/options.js";
import {readWaterOptions} from "../../components/widgets/water/options.js";

describe("readOptions", () => {
  it("nothing given: every default, no note", () => {
    const {values, notes} = readOptions(sortWidgetSchema, {});
    expect(values).toEqual({particles: 56, side: 4, seed: 7, intervalMs: 1500, engine: "auto"});
    expect(notes).toEqual([]);
    expect(readOptions(sortWidgetSchema, {particles: "", side: undefined, seed: null}).notes).toEqual([]);
  });

  it("out of range: clamped, with a note naming the option and its range", () => {
    const {values, notes} = readOptions(sortWidgetSchema, {particles: 500, side: "abc", intervalMs: 2.5e9});
    expect(values.particles).toBe(200);
    expect(values.side).toBe(4);
    expect(values.intervalMs).toBe(10_000);
    expect(notes).toContain("particles 500 is outside 1–200; using 200.");
    expect(notes).toContain("side must be a number between 1 and 8, got abc; using 4.");
    expect(notes).toContain("intervalMs 2500000000 is outside 200–10,000; using 10,000.");
  });

  it("a fraction for a whole number is rounded; a non-finite number or a boolean gets the default", () => {
    const schema = {n: {type: "number", label: "substeps", default: 5, min: 1, max: 8, doc: ""}} satisfies OptionSchema;
    expect(readOptions(schema, {n: 2.5})).toEqual({values: {n: 3}, notes: ["substeps 2.5 is not a whole number; using 3."]});
    for (const bad of ["Infinity", Number.NaN, true, "12px"]) {
      const {values, notes} = readOptions(schema, {n: bad});
      expect(values.n, String(bad)).toBe(5);
      expect(notes[0], String(bad)).toMatch(/^substeps must be a number between 1 and 8, got .*; using 5\.$/);
    }
    expect(readOptions(schema, {n: " 7 "}).values.n).toBe(7);
  });

  it("choices and booleans: a value outside the list gets the default with the list", () => {
    const schema = {
      engine: {type: "choice", label: "engine", default: "auto", values: ["auto", "cpu"], doc: ""},
      grid: {type: "boolean", label: "grid", default: false, doc: ""},
    } satisfies OptionSchema;
    expect(readOptions(schema, {engine: "cpu", grid: "true"}).values).toEqual({engine: "cpu", grid: true});
    const {values, notes} = readOptions(schema, {engine: "<b>gpu</b>", grid: "yes"});
    expect(values).toEqual({engine: "auto", grid: false});
    expect(notes).toEqual(["engine must be one of auto, cpu, got <b>gpu</b>; using auto.", "grid must be true or false, got yes; using false."]);
  });

  it("an embedding host's options are named by their attribute too", () => {
    const {notes} = readOptions(sortWidgetSchema, {intervalMs: 5, [OPTION_NAMES]: "attribute"} as Record<string, unknown>);
    expect(notes).toEqual(["intervalMs (interval-ms) 5 is outside 200–10,000; using 200."]);
  });
});

describe("readWaterOptions (the essay's ?water= and ?hero= parameters)", () => {
  it("a count below the range is raised to it, with a note", () => {
    const r = readWaterOptions({count: 5});
    expect(r.o.count).toBe(500);
    expect(r.notes).toContain("particle count 5 is outside 500–80,000; using 500.");
    expect(r.explicitCount).toBe(true);
  });

  it("a non-number count (abc, Infinity) is not an explicit count: the default, with a note", () => {
    for (const count of ["abc", "Infinity"]) {
      const r = readWaterOptions({hero: true, count: count as unknown as number}); // URL parameters arrive as text
      expect(r.explicitCount, count).toBe(false);
      expect(
        r.notes.some((n) => n.startsWith("particle count must be a number")),
        count
      ).toBe(true);
    }
  });

  it("an empty count means the default, silently; a fractional substep count is rounded", () => {
    const r = readWaterOptions({count: "" as unknown as number, substeps: 2.5});
    expect(r.explicitCount).toBe(false);
    expect(r.notes).toEqual(["substeps 2.5 is not a whole number; using 3."]);
    expect(r.o.substeps).toBe(3);
  });
});

it("fmtMs: about three significant figures", () => {
  expect([498.4, 18.094, 2.354, 0.12, 1234.5, Number.NaN].map(fmtMs)).toEqual(["498", "18.1", "2.35", "0.120", "1,235", "–"]);
});

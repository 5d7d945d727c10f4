// "Adding a widget is one folder and one catalogue line": every table of widgets is derived from
// components/widgets/catalogue.ts, and every widget folder has its meta.ts and exactly one line.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {optionsSection} from "../../components/embed/docs.js";
import {EMBED_NAMES, embedPaths, tagOf} from "../../components/embed/names.js";
import {REGISTRY, registryOf} from "../../components/embed/registry.js";
import {EMBED_INFO, embedInfoOf} from "../../components/embed/schemas.js";
import {bundleCatalogue, bundlesOf, type Catalogue, CATALOGUE, DEFAULT_BUNDLE, embeddableNames} from "../../components/widgets/catalogue.js";
import type {WidgetMeta} from "../../components/widgets/runtime/meta.js";
import type {OptionSchema} from "../../components/widgets/runtime/options.js";

const WIDGETS = "components/widgets";
const folders = () =>
  readdirSync(WIDGETS)
    .filter((n) => n !== "runtime" && n !== "shared" && statSync(`${WIDGETS}/${n}`).isDirectory())
    .sort();
const source = readFileSync(`${WIDGETS}/catalogue.ts`, "utf8");

/** A widget that exists only in this test: its folder's meta, and a factory that records its options. */
const FAKE_SCHEMA = {
  count: {type: "number", label: "Count", min: 1, max: 10, default: 3, doc: "how many"},
} satisfies OptionSchema;
const fakeMeta = {
  name: "fake-widget",
  title: "A widget added in a test",
  page: "gravity",
  anchor: "a-fake-section",
  schema: FAKE_SCHEMA,
  toOptions: (input: Record<string, unknown>) => ({...input, mapped: true}),
} satisfies WidgetMeta;
const built: Record<string, unknown>[] = [];
const fakeFactory = (options: Record<string, unknown>) => {
  built.push(options);
  return {value: null, dispose() {}};
};
/** The site's catalogue plus one line: what adding a widget folder and its line amounts to. */
const withFake: Catalogue = {
  ...CATALOGUE,
  "fake-widget": {meta: async () => ({meta: fakeMeta}), factory: async () => fakeFactory},
};

describe("adding a widget is one folder and one catalogue line", () => {
  it("the names, hence the custom elements' tags and the iframe pages, pick up the new line", () => {
    const names = embeddableNames(withFake);
    expect(names).toEqual([...EMBED_NAMES, "fake-widget"]);
    const paths = embedPaths(names);
    expect(paths).toContain("/embed/fake-widget");
    expect(paths).toContain("/embed/fake-widget.js");
    expect(paths[0]).toBe("/embed/elements.js");
  });

  it("the registry (custom elements, exported modules, iframe pages) loads the new widget from its line", async () => {
    const registry = registryOf(withFake);
    expect([...registry.keys()]).toEqual([...EMBED_NAMES, "fake-widget"]);
    // defineElements() defines one element per registry entry, under the entry's tag
    expect([...registry.values()].map((w) => w.tag)).toContain("ns-fake-widget");
    const w = registry.get("fake-widget")!;
    expect(w.tag).toBe(tagOf("fake-widget"));
    const loaded = await w.load();
    expect(loaded.schema).toBe(FAKE_SCHEMA);
    expect(loaded.toOptions?.({count: "4"})).toEqual({count: "4", mapped: true});
    loaded.factory({count: 5});
    expect(built).toEqual([{count: 5}]);
    expect(w.loaded).toBe(loaded);
  });

  it("the schemas and the /embed documentation pick up the new widget's meta", async () => {
    const infos = await embedInfoOf(withFake);
    expect(Object.keys(infos)).toEqual([...EMBED_NAMES, "fake-widget"]);
    expect(infos["fake-widget"]).toBe(fakeMeta);
    const docs = optionsSection(infos);
    expect(docs).toContain("### `<ns-fake-widget>` · `/embed/fake-widget` — A widget added in a test");
    expect(docs).toContain("(./gravity#a-fake-section)");
    expect(docs).toContain("| `count` | number | 1–10 (whole) | 3 | how many |");
  });

  it("a line marked embed: false is a widget of the essay only: no name, element, page or documentation", async () => {
    const hidden: Catalogue = {...withFake, "fake-widget": {...withFake["fake-widget"], embed: false}};
    expect(embeddableNames(hidden)).toEqual([...EMBED_NAMES]);
    expect(registryOf(hidden).has("fake-widget")).toBe(false);
    expect(Object.keys(await embedInfoOf(hidden))).not.toContain("fake-widget");
  });
});

describe("the one-file element bundles are the catalogue's `bundle` fields", () => {
  it("a new line goes into ns-widgets.js; a line with its own `bundle` makes a file of its own, defining it alone", () => {
    expect(bundlesOf(withFake).get(DEFAULT_BUNDLE)).toEqual([...bundlesOf(CATALOGUE).get(DEFAULT_BUNDLE)!, "fake-widget"]);
    const own: Catalogue = {...withFake, "fake-widget": {...withFake["fake-widget"], bundle: "fake"}};
    expect(bundlesOf(own).get("fake")).toEqual(["fake-widget"]);
    expect(bundlesOf(own).get(DEFAULT_BUNDLE)).toEqual(bundlesOf(CATALOGUE).get(DEFAULT_BUNDLE));
    // what the bundle of that name puts in place of the catalogue: its registry defines that element alone
    expect([...registryOf(bundleCatalogue(own, "fake")).keys()]).toEqual(["fake-widget"]);
  });

  it("the site's: ns-widgets.js defines every embeddable widget but the exercise, ns-exercise.js the exercise", () => {
    const bundles = bundlesOf(CATALOGUE);
    expect([...bundles.keys()]).toEqual([DEFAULT_BUNDLE, "exercise"]);
    expect(bundles.get("exercise")).toEqual(["exercise"]);
    expect(bundles.get(DEFAULT_BUNDLE)).toEqual(EMBED_NAMES.filter((n) => n !== "exercise"));
    expect(embeddableNames(bundleCatalogue(CATALOGUE, DEFAULT_BUNDLE))).toEqual(bundles.get(DEFAULT_BUNDLE));
  });
});

describe("the site's catalogue", () => {
  it("has one line per folder of components/widgets/ (the runtime excepted), and each folder a meta.ts", () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual(folders());
    expect(folders().filter((n) => !existsSync(`${WIDGETS}/${n}/meta.ts`))).toEqual([]);
  });

  it("each folder is named on exactly one line, which imports that folder's meta.ts and index.ts and nothing else", () => {
    const lines = source.split("\n");
    for (const name of folders()) {
      const mine = lines.filter((l) => l.includes(`"./${name}/`));
      expect(mine, name).toHaveLength(1);
      const imports = Array.from(mine[0].matchAll(/import\("([^"]+)"\)/g), (m) => m[1]);
      expect(imports, name).toEqual([`./${name}/meta.js`, `./${name}/index.js`]);
    }
    // nothing imported statically but types: a page with one element loads no other widget's code
    expect(source.match(/^import (?!type )/gm)).toBeNull();
  });

  it("each meta names its own folder and is Node-safe: it imports its own options.ts and types only", async () => {
    for (const name of folders()) {
      const {meta} = await CATALOGUE[name as keyof typeof CATALOGUE].meta();
      expect(meta.name).toBe(name);
      expect(meta.title.length, name).toBeGreaterThan(5);
      expect(meta.anchor, name).toMatch(/^[a-z0-9-]+$/);
      const text = readFileSync(`${WIDGETS}/${name}/meta.ts`, "utf8");
      const from = Array.from(text.matchAll(/^import (?!type )[^;]*from "([^"]+)"/gm), (m) => m[1]);
      expect(from, name).toEqual(["./options.js"]);
    }
  });

  it("the embedding's tables are the catalogue's: names, schemas, registry", () => {
    expect(EMBED_NAMES).toEqual(Object.keys(CATALOGUE).filter((n) => n !== "scan-blocks"));
    expect(Object.keys(EMBED_INFO)).toEqual([...EMBED_NAMES]);
    expect([...REGISTRY.keys()]).toEqual([...EMBED_NAMES]);
    for (const w of REGISTRY.values()) expect(w.tag).toBe(`ns-${w.name}`);
  });
});

// The post-build split of the essay page (scripts/slim-dist.mjs): which cells stay in the page,
// and which rules the first-screen stylesheet keeps. See docs/ARCHITECTURE.md, "Loading".
import {describe, expect, it} from "vitest";
import {firstScreenCSS, splitCells} from "../../scripts/slim-dist.mjs";

// Framework's module script, as render.js writes it (not yet minified)
const page = `
import {define} from "./_observablehq/client.abc.js";
registerFile("./data/x.json", {});

define({id: "aaaaaaaa", inputs: ["view"], outputs: ["createWaterWidget","numParam","hero"], body: async (view) => {
const {createWaterWidget} = await import("./_import/_bundle/hero.123.js");
return {createWaterWidget,numParam,hero};
}});

define({id: "bbbbbbbb", inputs: ["loadNear","visibility"], outputs: ["sortCode"], body: async (loadNear, visibility) => {
const sortCode = await loadNear(visibility(), () => import("./_import/_bundle/sort.456.js"));
return {sortCode};
}});

define({id: "cccccccc", mode: "inline", inputs: ["sortCode","display"], body: async (sortCode, display) => {
display(await(sortCode.x))
}});
`;

describe("splitCells", () => {
  it("keeps the hero's cells and defers the others behind the hero's first frame and the whole stylesheet", () => {
    const s = splitCells(page, "./index.cells.x.js", "./_import/style.y.css");
    expect(s).not.toBeNull();
    expect(s!.kept).toContain('id: "aaaaaaaa"');
    expect(s!.kept).toContain('registerFile("./data/x.json"');
    expect(s!.kept).not.toContain('id: "bbbbbbbb"');
    expect(s!.kept).toMatch(
      /import\("\.\/_import\/_bundle\/hero\.123\.js"\)\.then\(\(m\) => m\.heroFirstFrame\(\)\)\.then\(.*style\.y\.css.*\)\.then\(\(\) => import\("\.\/index\.cells\.x\.js"\)\);$/
    );
    expect(s!.deferred.startsWith('import {define} from "./_observablehq/client.abc.js";')).toBe(true);
    expect(s!.deferred).toContain('id: "bbbbbbbb"');
    expect(s!.deferred).toContain('id: "cccccccc"');
  });
  it("keeps a cell whose outputs a hero cell reads", () => {
    const withInput = page.replace('inputs: ["view"]', 'inputs: ["view","sortCode"]');
    const s = splitCells(withInput, "./c.js");
    expect(s!.kept).toContain('id: "bbbbbbbb"');
    expect(s!.deferred).toContain('id: "cccccccc"');
  });
  it("leaves a page without the hero's module alone", () => {
    expect(splitCells(page.replaceAll("_bundle/hero.", "_bundle/other."), "./c.js")).toBeNull();
  });
});

describe("firstScreenCSS", () => {
  const present = (n: string) => ["hero", "widget", "observablehq"].includes(n);
  it("keeps rules the first view can match, in order, and drops other widgets' and print rules", () => {
    const css =
      'body{margin:0}.hero{color:red}.scan-blocks{color:blue}.hero,.scan{x:1}@media print{.hero{display:none}}@media (max-width:640px){.scan{a:b}.widget{c:d}}.observablehq:not(:has(.widget-x)){e:f}[data-a=".scan"]{g:h}@keyframes k{0%{opacity:0}}';
    expect(firstScreenCSS(css, present)).toBe(
      'body{margin:0}.hero{color:red}.hero,.scan{x:1}@media (max-width:640px){.widget{c:d}}.observablehq:not(:has(.widget-x)){e:f}[data-a=".scan"]{g:h}@keyframes k{0%{opacity:0}}'
    );
  });
});

// The post-build split of the essay page (scripts/slim-dist.mjs): the boot that starts the hero
// before Framework's runtime, and which rules the first-screen stylesheet keeps. See docs/records/loading.md.
import {describe, expect, it} from "vitest";
import {bootPage, firstScreenCSS} from "../../scripts/slim-dist.mjs";

// Framework's module script, as render.js writes it (not yet minified)
const page = `
import {define} from "./_observablehq/client.abc.js";
registerFile("./data/x.json", {});

define({id: "aaaaaaaa", inputs: ["view","invalidation"], outputs: ["numParam","startHero","hero"], body: async (view,invalidation) => {
const {numParam,startHero} = await import("./_import/_bundle/hero.123.js");
const hero = view(startHero(invalidation));
return {numParam,startHero,hero};
}});

define({id: "bbbbbbbb", inputs: ["loadNear","visibility"], outputs: ["sortCode"], body: async (loadNear, visibility) => {
const sortCode = await loadNear(visibility(), () => import("./_import/_bundle/sort.456.js"));
return {sortCode};
}});

define({id: "cccccccc", mode: "inline", inputs: ["sortCode","display"], body: async (sortCode, display) => {
display(await(sortCode.x))
}});
`;

describe("bootPage", () => {
  it("starts the hero with hero.js alone and puts Framework's runtime and every cell behind its first frame and the whole stylesheet", () => {
    const s = bootPage(page, "./index.cells.x.js", {fullStylesheet: "./_import/style.y.css", preload: ["./_observablehq/client.abc.js"]});
    expect(s).not.toBeNull();
    expect(s!.heroUrl).toBe("./_import/_bundle/hero.123.js");
    // the boot imports the hero's module only, and places the hero before its cell's root comment
    expect(s!.boot.startsWith('import {heroFirstFrame, startHero} from "./_import/_bundle/hero.123.js";')).toBe(true);
    expect(s!.boot).toContain('n.data === ":aaaaaaaa:"');
    expect(s!.boot).toContain("n.before(startHero())");
    expect(s!.boot).not.toContain('_observablehq/client.abc.js";');
    expect(s!.boot).not.toContain("define(");
    expect(s!.boot).toMatch(
      /heroFirstFrame\(\)\.then\(.*client\.abc\.js.*modulepreload.*\)\.then\(.*style\.y\.css.*\)\.then\(\(\) => import\("\.\/index\.cells\.x\.js"\)\);$/s
    );
    // every cell, the hero's included, is defined by the deferred module, as Framework wrote them
    expect(s!.deferred).toBe(page);
  });
  it("leaves a page without the hero's startHero alone", () => {
    expect(bootPage(page.replaceAll("_bundle/hero.", "_bundle/other."), "./c.js")).toBeNull();
    expect(bootPage(page.replaceAll("startHero", "createWater"), "./c.js")).toBeNull();
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

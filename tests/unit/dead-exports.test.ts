// The lint check of scripts/dead-exports.mjs (exports no other file uses; a type name exported
// by two component files), run on a small tree in a temporary folder.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {exportedNames, findDeadExports} from "../../scripts/dead-exports.mjs";

let root = "";
const tree = (files: Record<string, string>) => {
  root = mkdtempSync(join(tmpdir(), "dead-exports-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), {recursive: true});
    writeFileSync(join(root, path), text);
  }
  return root;
};
afterEach(() => rmSync(root, {recursive: true, force: true}));

describe("findDeadExports", () => {
  it("flags an export only its own file uses, not one another file imports", () => {
    tree({
      "components/maths.ts": "export function used(x: number) { return helper(x); }\nexport const helper = (x: number) => x * 2;\n",
      "src/page.md": '```js\nimport {used} from "./components/maths.js";\ndisplay(used(2));\n```\n',
    });
    const {dead, duplicates} = findDeadExports(root);
    expect(dead).toEqual([{file: "components/maths.ts", name: "helper", line: 2}]);
    expect(duplicates).toEqual([]);
  });

  it("counts a re-export only when the name is used elsewhere, and honours the allow list", () => {
    tree({
      "components/a.ts": "export const shown = 1;\nexport const passedOn = 2;\n",
      "components/b.ts": 'export {shown, passedOn} from "./a.js";\n',
      "tests/t.test.ts": 'import {shown} from "../components/b.js";\n',
    });
    const names = (allow?: Map<string, string>) => findDeadExports(root, {allow}).dead.map((d) => `${d.file}:${d.name}`);
    expect(names()).toEqual(["components/a.ts:passedOn", "components/b.ts:passedOn"]);
    expect(names(new Map([["components/a.ts:passedOn", "reached through a string"]]))).toEqual(["components/b.ts:passedOn"]);
  });

  it("finds a type name exported by two component files, and does not let one hide the other's deadness", () => {
    tree({
      "components/x.ts": "export interface Phase { key: string }\n",
      "components/y.ts": "export type Phase = { label: string };\nexport const phases: Phase[] = [];\n",
      "bench/run.ts": 'import {phases} from "../components/y.js";\nphases.length;\n',
    });
    const {dead, duplicates} = findDeadExports(root);
    expect(duplicates).toEqual([{name: "Phase", files: ["components/x.ts", "components/y.ts"]}]);
    expect(dead.map((d) => d.file + ":" + d.name)).toEqual(["components/x.ts:Phase", "components/y.ts:Phase"]);
  });
});

describe("exportedNames", () => {
  it("reads declarations, destructured consts and export lists", () => {
    const src = [
      "export async function go() {}",
      "export declare const enum E { A }",
      "export class C {}",
      "export const {toCount: a, b} = f();",
      "export type {T as U, V};",
      "export {x} from './x.js';",
    ].join("\n");
    expect(exportedNames(src).map((e) => `${e.kind}:${e.name}`)).toEqual([
      "value:go",
      "value:E",
      "value:C",
      "value:a",
      "value:b",
      "list:U",
      "list:V",
      "list:x",
    ]);
  });
});

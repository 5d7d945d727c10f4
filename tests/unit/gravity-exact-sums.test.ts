// The centre-of-mass sums must be the same float32 bits on every GPU. WGSL lets a compiler
// fuse a·b + c into one FMA (NVIDIA's does; SwiftShader does not), so com.wgsl may not add a
// product that is not first forced to exist as a rounded float32 (its `rounded` helper: an
// integer OR with a run-time zero). SwiftShader never fuses, so the Dawn tests cannot see
// this; the source is checked instead. Also: treeDifferences names the first differing
// node and field (the benchmark's twin check prints it).
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {buildTreeTwin, centreOfMassTwin, treeDifferences, type QuadTree} from "../../components/gravity/tree.js";

/** The body of `fn name` in a WGSL source (up to its closing brace at column 0). */
function fnBody(src: string, name: string): string {
  const start = src.indexOf(`fn ${name}(`);
  if (start < 0) throw new Error(`no fn ${name}`);
  return src.slice(start, src.indexOf("\n}", start));
}

/** Removes every `rounded(...)` call (balanced parentheses) from an expression. */
function withoutRounded(line: string): string {
  let out = line;
  for (let k = out.indexOf("rounded("); k >= 0; k = out.indexOf("rounded(")) {
    let depth = 0,
      e = k + "rounded".length;
    do {
      if (out[e] === "(") depth++;
      else if (out[e] === ")") depth--;
      e++;
    } while (depth > 0 && e < out.length);
    out = `${out.slice(0, k)}R${out.slice(e)}`;
  }
  return out;
}

describe("com.wgsl: sums that no compiler can contract", () => {
  const src = readFileSync("shaders/gravity/com.wgsl", "utf8");

  it("adds no product unless it passes through rounded()", () => {
    // sum_node holds every sum of bodies and of children; com_pair adds the children's sums it returns
    const body = ["sum_node", "com_pair", "com_level"].map((f) => fnBody(src, f)).join("\n");
    const assignments = body.split("\n").filter((l) => /=/.test(l) && !/^\s*(let|var) \w+ = (nodes|pm|pass_info|level_start)/.test(l));
    const fusable = assignments.map(withoutRounded).filter((l) => /\*/.test(l) && /[+-]/.test(l.replace(/^[^=]*=/, "")));
    expect(fusable).toEqual([]);
    // and products do go through it (the leaf sums Σm·x, Σm·y)
    expect(body.match(/rounded\(p\.z \* p\.[xy]\)/g)?.length).toBe(2);
  });

  it("rounded() materialises the product through an integer OR with the run-time zero", () => {
    expect(fnBody(src, "rounded").replace(/\s+/g, " ")).toContain("bitcast<f32>(bitcast<u32>(product) | params.zero)");
    expect(readFileSync("shaders/gravity/common.wgsl", "utf8")).toMatch(/\n\s*zero: u32,/);
  });
});

describe("treeDifferences", () => {
  function small(): {t: QuadTree; x: Float32Array; y: Float32Array; m: Float32Array} {
    const keys = Uint32Array.from({length: 40}, (_, i) => (i * 0x06000000 + i * 977) >>> 0).sort();
    const t = buildTreeTwin(keys, 4);
    const x = Float32Array.from({length: 40}, (_, i) => Math.sin(i) * 3);
    const y = Float32Array.from({length: 40}, (_, i) => Math.cos(i * 1.3));
    const m = Float32Array.from({length: 40}, (_, i) => 0.5 + (i % 7) / 10);
    centreOfMassTwin(t, x, y, m);
    return {t, x, y, m};
  }

  it("finds equal trees equal", () => {
    const a = small().t,
      b = small().t;
    expect(a.numNodes).toBeGreaterThan(5);
    const d = treeDifferences(a, b);
    expect(d.equal).toBe(true);
    expect(d.first).toBeNull();
  });

  it("names the lowest differing node and the first field in range-then-sum order, and counts per field", () => {
    const a = small().t,
      b = small().t;
    const j = a.numNodes - 2;
    a.mx[j] = Math.fround(a.mx[j] * (1 + 2 ** -20)) || 1e-3;
    a.my[3] += 1;
    a.mass[3] += 1;
    const d = treeDifferences(a, b);
    expect(d.equal).toBe(false);
    expect(d.first).toEqual({node: 3, field: "mass", actual: a.mass[3], expected: b.mass[3]});
    expect(d.differing).toEqual({lo: 0, hi: 0, firstChild: 0, childCount: 0, level: 0, mass: 1, mx: 1, my: 1});
  });

  it("reports a different node count before any field", () => {
    const a = small().t,
      b = small().t;
    a.numNodes -= 1;
    expect(treeDifferences(a, b).first).toEqual({node: -1, field: "numNodes", actual: b.numNodes - 1, expected: b.numNodes});
  });
});

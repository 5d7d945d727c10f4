// The per-widget engine on a CPU-emulated GPU (components/widgets/runtime/engine-choice.ts,
// SOFTWARE_ENGINES) is the one the committed measurement found faster there
// (data/bench/software-engines.json, scripts/measure-engines.mjs): the twin where its frames
// per second beat the emulated GPU's, the GPU engine everywhere else. The essay's hero is the
// water widget's other face (same engines), so it follows the water's row.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {SOFTWARE_ENGINES} from "../../components/widgets/runtime/engine-choice.js";

interface Row {
  widget: string;
  gpuOnSoftware: {fps: number | null};
  cpuTwin: {fps: number | null};
  twinOverGpu: number | null;
}
const measured = JSON.parse(readFileSync("data/bench/software-engines.json", "utf8")) as {schema: string; rows: Row[]};

describe("the engine each widget runs on a CPU-emulated GPU", () => {
  it("is read from a complete measurement", () => {
    expect(measured.schema).toBe("software-engines/1");
    for (const r of measured.rows) {
      expect(r.gpuOnSoftware.fps, r.widget).toBeGreaterThan(0);
      expect(r.cpuTwin.fps, r.widget).toBeGreaterThan(0);
    }
  });

  it("is the twin exactly where the twin ran faster", () => {
    const want: Record<string, string> = {};
    for (const r of measured.rows) if ((r.twinOverGpu ?? 0) > 1) want[r.widget] = "cpu";
    expect(SOFTWARE_ENGINES.hero).toBeUndefined();
    expect(SOFTWARE_ENGINES).toEqual(want);
  });
});

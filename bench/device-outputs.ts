/**
 * Reading one device command's outputs (bench/vs-original.ts, bench/vs-original-part3.ts): its JSON
 * files and the nvidia-smi clock log written beside them
 * (`--query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,utilization.gpu --format=csv -lms 250`).
 */
import {readFileSync} from "node:fs";
import {join} from "node:path";

/** The JSON file `name` of the output folder `dir`. Errors: the file is missing or not JSON. */
export const readOutput = (dir: string, name: string) => JSON.parse(readFileSync(join(dir, name), "utf8"));

/** The SM clock (MHz) of the samples taken while the GPU was ≥ 50 % busy: how many, min, median, max (null when none). */
export function busyClocks(csvFile: string) {
  const busy = readFileSync(csvFile, "utf8")
    .split("\n")
    .slice(1)
    .map((l) => l.split(",").map((x) => x.trim()))
    .filter((c) => c.length >= 5 && parseInt(c[4]) >= 50)
    .map((c) => parseInt(c[1]))
    .sort((a, b) => a - b);
  return {busySamples: busy.length, smMHzWhileBusy: busy.length ? {min: busy[0], median: busy[Math.floor(busy.length / 2)], max: busy[busy.length - 1]} : null};
}

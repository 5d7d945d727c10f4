// Dev tool: KE per grain over time for the sand twin (physics tuning). Usage: tsx ke-trace.ts N STEPS [key=value…]
import {SAND_DEFAULTS, sandGrid} from "../../components/sand/params.js";
import {pourSand} from "../../components/sand/pour.js";
import {kineticEnergyPerGrain, sandSubstepTwin} from "../../components/sand/twin.js";
const [n, steps] = process.argv.slice(2, 4).map(Number);
const params: any = structuredClone(SAND_DEFAULTS);
for (const kv of process.argv.slice(4)) {
  const [k, v] = kv.split("=");
  params[k] = Number(v);
}
const g = sandGrid(false);
let p = pourSand(n, 7, params.pourTop ?? undefined);
const out: string[] = [];
for (let s = 1; s <= steps; s++) {
  const r = sandSubstepTwin(params, g, p);
  p = r.next;
  if (s % 250 === 0) {
    let maxY = 0,
      eb = 0,
      nb = 0;
    for (let i = 0; i < n; i++) {
      const y = p.f32[i * 6 + 1];
      maxY = Math.max(maxY, y);
      if (y < 0.05) {
        nb++;
        eb += (p.f32[i * 6 + 2] ** 2 + p.f32[i * 6 + 3] ** 2) / 2;
      }
    }
    out.push(
      `${s}: KE ${kineticEnergyPerGrain(p).toExponential(2)} bottom KE ${(eb / Math.max(nb, 1)).toExponential(2)} top ${maxY.toFixed(2)} contacts/grain ${(r.stats.contacts / n).toFixed(2)}`
    );
  }
}
console.log(process.argv.slice(4).join(" ") || "defaults", "\n" + out.join("\n"));

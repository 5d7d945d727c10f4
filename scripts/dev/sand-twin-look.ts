// Dev tool: runs the sand CPU twin and writes PNG snapshots + stats (physics tuning).
// Usage: npx tsx scripts/dev/sand-twin-look.ts N SUBSTEPS OUTPREFIX [key=value params]
import {writeFileSync} from "node:fs";
import {deflateSync} from "node:zlib";
import {SAND_DEFAULTS, sandGrid} from "../../components/sand/params.js";
import {pourSand} from "../../components/sand/pour.js";
import {kineticEnergyPerGrain, sandSubstepTwin} from "../../components/sand/twin.js";

export function png(w: number, h: number, rgba: Uint8Array) {
  const crcT = new Int32Array(256).map((_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  const crc = (b: Buffer) => {
    let c = -1;
    for (const x of b) c = crcT[(c ^ x) & 255] ^ (c >>> 8);
    return (c ^ -1) >>> 0;
  };
  const chunk = (t: string, d: Buffer) => {
    const l = Buffer.alloc(4);
    l.writeUInt32BE(d.length);
    const td = Buffer.concat([Buffer.from(t), d]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([l, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * w * 4, w * 4).copy(raw, y * (w * 4 + 1) + 1);
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}
const [n = 2000, steps = 2000] = process.argv.slice(2, 4).map(Number);
const out = process.argv[4] ?? "/tmp/twin";
const params: any = structuredClone(SAND_DEFAULTS);
for (const kv of process.argv.slice(5)) {
  const [k, v] = kv.split("=");
  params[k] = Number(v);
}
const g = sandGrid(false);
let p = pourSand(n, 1);
const W = 512;
const t0 = performance.now();
for (let s = 0; s <= steps; s++) {
  if (s % Math.floor(steps / 4) === 0) {
    const img = new Uint8Array(W * W * 4).fill(255);
    let maxY = 0;
    for (let i = 0; i < n; i++) {
      const x = p.f32[i * 6],
        y = p.f32[i * 6 + 1];
      maxY = Math.max(maxY, y);
      const px = Math.floor((x / 2) * W),
        py = Math.floor((1 - y / 2) * W);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const X = px + dx,
            Y = py + dy;
          if (X < 0 || Y < 0 || X >= W || Y >= W) continue;
          const o = (Y * W + X) * 4;
          img[o] = 180;
          img[o + 1] = 130;
          img[o + 2] = 60;
        }
    }
    // max overlap (fraction of a diameter) among contacts
    const r = sandSubstepTwin({...params, dt: 0}, g, p);
    const st = r.stats;
    writeFileSync(`${out}-${s}.png`, png(W, W, img));
    console.log(
      `substep ${s} t=${((performance.now() - t0) / 1000).toFixed(1)}s KE ${kineticEnergyPerGrain(p).toExponential(2)} maxY ${maxY.toFixed(3)} contacts/grain ${(st.contacts / n).toFixed(2)}`
    );
  }
  if (s === steps) break;
  p = sandSubstepTwin(params, g, p).next;
}

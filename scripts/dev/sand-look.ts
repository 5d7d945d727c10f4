// Dev tool: runs the sand on Dawn and writes PNG snapshots (off-screen DiscPainter) + stats.
// Usage: npx tsx scripts/dev/sand-look.ts N FRAMES OUTPREFIX [hashed] [open]
import {writeFileSync} from "node:fs";
import {deflateSync} from "node:zlib";
import {nodeGPU, nodeWGSL} from "../../components/gpu/node.js";
import {acquireGPU} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {readBuffers} from "../../components/gpu/readback.js";
import {SandGPU} from "../../components/sand/gpu-sand.js";
import {SAND_DEFAULTS, type SandParams} from "../../components/sand/params.js";
import {pourSand} from "../../components/sand/pour.js";
import {kineticEnergyPerGrain} from "../../components/sand/twin.js";
import {DiscPainter} from "../../components/sim/renderer.js";
import {PARTICLE_BYTES, wrapParticles} from "../../components/sort/particles.js";

function png(w: number, h: number, rgba: Uint8Array) {
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

const [n = 12000, frames = 300] = process.argv.slice(2, 4).map(Number);
const out = process.argv[4] ?? "/tmp/sand";
const hashed = process.argv.includes("hashed"),
  open = process.argv.includes("open");
const handle = (await acquireGPU({gpu: await nodeGPU()}))!;
const device = handle.device;
const scope = new ResourceScope(device);
const sand = await SandGPU.create(device, scope, nodeWGSL, {maxParticles: 30000});
const painter = await DiscPainter.create(device, scope, nodeWGSL, "rgba8unorm", [1, 1, 1, 1]);
const params: SandParams = structuredClone(SAND_DEFAULTS);
params.openWalls = open;
sand.setHashed(hashed);
sand.load(pourSand(n, 1));
sand.setParams(params);
const W = 512,
  H = 512;
const tex = device.createTexture({size: [W, H], format: "rgba8unorm", usage: 0x10 | 0x01});
const t0 = performance.now();
for (let f = 0; f <= frames; f++) {
  if (f % Math.max(1, Math.floor(frames / 4)) === 0 || f === frames) {
    const [a, st] = await readBuffers(device, [
      {buffer: sand.a, size: n * PARTICLE_BYTES},
      {buffer: sand.stats, size: 16},
    ]);
    const p = wrapParticles(a, n);
    let maxY = 0,
      minX = 9,
      maxX = -9,
      nan = 0;
    for (let i = 0; i < n; i++) {
      const x = p.f32[i * 6],
        y = p.f32[i * 6 + 1];
      if (!Number.isFinite(x + y)) nan++;
      maxY = Math.max(maxY, y);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
    }
    const s = new Uint32Array(st);
    console.log(
      `frame ${f} t=${((performance.now() - t0) / 1000).toFixed(1)}s KE ${kineticEnergyPerGrain(p).toExponential(2)} maxY ${maxY.toFixed(3)} x ${minX.toFixed(2)}..${maxX.toFixed(2)} nan ${nan} cand ${s[0]} coll ${s[1]} contacts/grain/substep ${(s[2] / n / 5).toFixed(2)}`
    );
    const buf = device.createBuffer({size: W * H * 4, usage: 0x08 | 0x01});
    const enc = device.createCommandEncoder();
    const view = open ? {x0: -2, y0: 0, x1: 4, y1: 6} : {x0: 0, y0: 0, x1: 2, y1: 2};
    painter.encodeTo(enc, tex.createView(), W, sand.a, n, view, {radius: params.radius, colorMode: "speed", scalarRange: [0, 1]});
    enc.copyTextureToBuffer({texture: tex}, {buffer: buf, bytesPerRow: W * 4}, [W, H]);
    device.queue.submit([enc.finish()]);
    await buf.mapAsync(1);
    writeFileSync(`${out}-${f}.png`, png(W, H, new Uint8Array(buf.getMappedRange().slice(0))));
    buf.destroy();
  }
  if (f === frames) break;
  const enc = device.createCommandEncoder();
  sand.encodeFrame(enc, 5);
  device.queue.submit([enc.finish()]);
}
console.log(`${frames} frames in ${((performance.now() - t0) / 1000).toFixed(1)} s; errors ${handle.stats.validationErrors}`);
process.exit(0);

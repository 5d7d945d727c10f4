// Merging, step 3 of 3 (twin: compactTwin in components/dust/twin.ts), after the scan of the
// flags (the §3 scan, scan_single.wgsl): survivor i goes to slot starts[i], and the dead
// (absorbed, or already mass 0) follow the survivors in their old order, at
// starts[n] + (i − starts[i]) with mass 0, so that slots past the live count stay harmless
// until the CPU learns the count. A survivor whose partner chose it takes the partner in:
// summed mass (exact: whole numbers), centre of mass, momentum and the mass-weighted
// acceleration (for the next half kick). Also the live count, the largest mass and the
// total mass and the bodies per mass octave into `state`. Composed after dust/common.wgsl and common/dispatch.wgsl.
@group(0) @binding(0) var<uniform> dust: Dust;
@group(0) @binding(1) var<storage, read> partner: array<u32>;
@group(0) @binding(2) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> va: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read> starts: array<u32>;
@group(0) @binding(5) var<storage, read_write> pm_out: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read_write> va_out: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> state: array<atomic<u32>, STATE_WORDS>;
// the scan's block totals (merge_mark added them): cleared for the next substep's merge
@group(0) @binding(8) var<storage, read_write> block_counts: array<u32>;

@compute @workgroup_size(256)
fn merge_compact(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let i = thread_index(wid, nwg, lid);
  let live = starts[dust.n];
  if (i == 0u) {
    atomicStore(&state[0], live);
  }
  if (i < arrayLength(&block_counts)) {
    block_counts[i] = 0u;
  }
  if (i >= dust.n) {
    return;
  }
  let p = pm[i];
  let s = va[i];
  let slot = starts[i];
  let j = partner[i];
  let absorbed = j != NO_PARTNER && j < i && partner[j] == i;
  if (!(p.z > 0.0) || absorbed) {
    pm_out[live + i - slot] = vec4<f32>(p.xy, 0.0, p.w);
    va_out[live + i - slot] = vec4<f32>(0.0);
    return;
  }
  // essay:begin merge
  var out_p = p;
  var out_v = s;
  if (j != NO_PARTNER && j > i && partner[j] == i) {
    let q = pm[j];
    let t = va[j];
    let m = p.z + q.z;
    let wi = p.z / m;
    let wj = q.z / m;
    out_p = vec4<f32>(wi * p.xy + wj * q.xy, m, p.w);
    out_v = wi * s + wj * t;
  }
  // essay:end merge
  pm_out[slot] = out_p;
  va_out[slot] = out_v;
  atomicMax(&state[1], u32(out_p.z));
  atomicAdd(&state[3], u32(out_p.z));
  atomicAdd(&state[MASS_BINS_AT + firstLeadingBit(u32(out_p.z))], 1u);
}

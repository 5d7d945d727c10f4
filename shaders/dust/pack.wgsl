// Copies the bodies (gravity order) into the sort's 24-byte particles, with id = the body's
// slot, so that the contact search can read the bodies in cell order and still name them by
// slot (twin: packForSort in components/dust/twin.ts). Composed after common/particle.wgsl,
// common/dispatch.wgsl and dust/common.wgsl.
@group(0) @binding(0) var<uniform> dust: Dust;
@group(0) @binding(1) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> va: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> out: array<Particle>;

@compute @workgroup_size(256)
fn pack(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let i = thread_index(wid, nwg, lid);
  if (i >= dust.n) {
    return;
  }
  out[i] = Particle(pm[i].xy, va[i].xy, i, 0u);
}

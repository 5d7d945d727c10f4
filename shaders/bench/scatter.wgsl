// Reference kernels for the sort's scatter (bench/scatter-floor.ts): thread i moves record i
// of `src` to slot perm[i] of `dst`, nothing else — no key, no atomic, no histogram. With a
// random permutation this is the write pattern a one-pass counting sort gives random input,
// so its time is the floor of any scatter of that record size; with the identity it is a
// plain copy. One entry point per record size: 8 B (a key and an index), 16 B (a vec4), and
// 24 B (the particle: position, velocity, id, key). 2D dispatch: i = x + y · (groups.x · 256).
@group(0) @binding(0) var<storage, read> perm: array<u32>;

@group(0) @binding(1) var<storage, read> src8: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> dst8: array<vec2<u32>>;

@group(0) @binding(3) var<storage, read> src16: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> dst16: array<vec4<u32>>;

struct Record24 {
  a: vec2<u32>,
  b: vec2<u32>,
  c: vec2<u32>,
}
@group(0) @binding(5) var<storage, read> src24: array<Record24>;
@group(0) @binding(6) var<storage, read_write> dst24: array<Record24>;

fn index_of(gid: vec3<u32>, groups: vec3<u32>) -> u32 {
  return gid.x + gid.y * groups.x * 256u;
}

@compute @workgroup_size(256)
fn scatter8(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = index_of(gid, groups);
  if (i < arrayLength(&perm)) {
    dst8[perm[i]] = src8[i];
  }
}

@compute @workgroup_size(256)
fn scatter16(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = index_of(gid, groups);
  if (i < arrayLength(&perm)) {
    dst16[perm[i]] = src16[i];
  }
}

@compute @workgroup_size(256)
fn scatter24(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = index_of(gid, groups);
  if (i < arrayLength(&perm)) {
    dst24[perm[i]] = src24[i];
  }
}

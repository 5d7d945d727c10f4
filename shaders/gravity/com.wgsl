// Centre of mass, two levels per dispatch from the deepest level up (twin: centreOfMassTwin
// in components/gravity/tree.ts): a leaf sums its bodies in Morton order, an internal node
// its children in order, so the float32 sums are the twin's exactly. Sums are kept (Σm,
// Σm·x, Σm·y), not divided, because WGSL's division is not correctly rounded.
//   com_pair:  one thread per node of level L: first its children's sums (level L + 1: a leaf
//              child from its bodies, an internal one from its children at level L + 2, done
//              by the dispatch before), then its own from them. Each node of level L + 1 has
//              one parent, so one thread writes it.
//   com_level: one level alone (the root, when the levels do not pair up).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> nodes: array<Node>;
@group(0) @binding(4) var<storage, read> level_start: array<u32>;

// The float32 value of a product, as its own rounded value: no add can be fused with it.
fn rounded(product: f32) -> f32 {
  return bitcast<f32>(bitcast<u32>(product) | params.zero);
}

// Σm, Σm·x, Σm·y of node j from its bodies (a leaf) or its children (whose sums are done); stored, and returned.
fn sum_node(j: u32) -> vec3<f32> {
  let node = nodes[j];
  var m = 0.0;
  var sx = 0.0;
  var sy = 0.0;
  if (node.count == 0u) {
    for (var i = node.lo; i < node.hi; i++) {
      let p = pm[i];
      m = m + p.z;
      sx = sx + rounded(p.z * p.x);
      sy = sy + rounded(p.z * p.y);
    }
  } else {
    for (var c = node.first; c < node.first + node.count; c++) {
      let ch = nodes[c];
      m = m + ch.mass;
      sx = sx + ch.mx;
      sy = sy + ch.my;
    }
  }
  nodes[j].mass = m;
  nodes[j].mx = sx;
  nodes[j].my = sy;
  return vec3<f32>(m, sx, sy);
}

@compute @workgroup_size(256)
fn com_level(@builtin(global_invocation_id) gid: vec3<u32>) {
  let L = pass_info.value;
  let j = level_start[L] + gid.x;
  if (j >= level_start[L + 1u]) {
    return;
  }
  _ = sum_node(j);
}

@compute @workgroup_size(256)
fn com_pair(@builtin(global_invocation_id) gid: vec3<u32>) {
  let L = pass_info.value;
  let j = level_start[L] + gid.x;
  if (j >= level_start[L + 1u]) {
    return;
  }
  let node = nodes[j];
  if (node.count == 0u) {
    _ = sum_node(j);
    return;
  }
  var m = 0.0;
  var sx = 0.0;
  var sy = 0.0;
  for (var c = node.first; c < node.first + node.count; c++) {
    let s = sum_node(c);
    m = m + s.x;
    sx = sx + s.y;
    sy = sy + s.z;
  }
  nodes[j].mass = m;
  nodes[j].mx = sx;
  nodes[j].my = sy;
}

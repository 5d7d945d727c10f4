// Centres of mass, one level a dispatch from the deepest up (twin: centreOfMass3Twin and
// walkNodes3 in components/gravity3d/tree.ts). A leaf adds its bodies in sorted order, an
// internal node its children in order; each product is rounded to float32 on its own before
// it is added, so the sums equal the twin's exactly. Then the walk's copy of the node: centre
// = sums / mass, and the opening radius s/θ + δ (s the cell's side, δ the distance of the
// centre of mass from the cell's centre), squared.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> pos: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> nodes: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> sums: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read> level_count: array<u32>;
@group(0) @binding(6) var<storage, read> keys: array<u32>;
@group(0) @binding(7) var<storage, read> bounds: array<u32, 6>;
@group(0) @binding(8) var<storage, read_write> wnodes: array<WalkNode>;

// The float32 value of a product as its own rounded value: no add can be fused with it.
fn rounded(product: f32) -> f32 {
  return bitcast<f32>(bitcast<u32>(product) | params.zero);
}

@compute @workgroup_size(256)
fn com_level(@builtin(global_invocation_id) gid: vec3<u32>) {
  let L = pass_info.value;
  if (gid.x >= level_count[L]) {
    return;
  }
  let j = level_base(L) + gid.x;
  let node = nodes[j];
  var s = vec4<f32>(0.0);
  if (node.w == 0u) {
    for (var i = node.x; i < node.y; i++) {
      let p = pos[i];
      s = vec4<f32>(s.x + rounded(p.w * p.x), s.y + rounded(p.w * p.y), s.z + rounded(p.w * p.z), s.w + p.w);
    }
  } else {
    for (var c = node.z; c < node.z + node.w; c++) {
      s = s + sums[c];
    }
  }
  sums[j] = s;
  var com = vec3<f32>(0.0);
  if (s.w > 0.0) {
    com = s.xyz / s.w;
  }
  let cube = root_cube(bounds);
  let side = ldexp(1.0, cube.exponent - i32(L));
  var cell = 0u;
  if (L > 0u) {
    cell = keys[node.x] >> (3u * (BITS3 - L));
  }
  let centre = cube.min + (vec3<f32>(f32(compact3(cell)), f32(compact3(cell >> 1u)), f32(compact3(cell >> 2u))) + 0.5) * side;
  let r = side * params.inv_theta + length(com - centre);
  var open2 = r * r;
  if (params.inv_theta == 0.0) {
    open2 = 3.0e38;
  }
  if (s.w <= 0.0) {
    open2 = -1.0;
  }
  var w: WalkNode;
  w.com = com;
  w.mass = s.w;
  w.internal = select(0u, 1u, node.w > 0u);
  w.link = select(node.x, node.z, node.w > 0u);
  w.count = select(node.y - node.x, node.w, node.w > 0u);
  w.open2 = open2;
  wnodes[j] = w;
}

// Centre of mass, two levels per dispatch from the deepest level up (twin: centreOfMassTwin
// in components/gravity/tree.ts): a leaf sums its bodies in Morton order, an internal node
// its children in order, so the float32 sums are the twin's exactly. Sums are kept (Σm,
// Σm·x, Σm·y), not divided, because WGSL's division is not correctly rounded.
// Then the walk's copy of the node (WalkNode, twin: the walk's prepare in
// components/gravity/walk.ts, in float64, so equal within rounding): the centre of mass, and
// the quadrupole about it — a leaf's from its bodies' second moments about its first body (one
// loop with the sums), an internal node's from its children's,
// each moved to the parent's centre (parallel axes: + m_c (3 d dᵀ − |d|² I), d = c_child − c).
//   com_pair:  one thread per node of level L: first its children (level L + 1: a leaf
//              child from its bodies, an internal one from its children at level L + 2, done
//              by the dispatch before), then itself from them. Each node of level L + 1 has
//              one parent, so one thread writes it.
//   com_level: one level alone (the root, when the levels do not pair up).
// A dispatch covers level L's size or a bound on it (levelWorkgroupBounds in
// components/gravity/gpu.ts): threads past level_start[L + 1] return without writing.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> nodes: array<Node>;
@group(0) @binding(4) var<storage, read> level_start: array<u32>;
@group(0) @binding(5) var<storage, read_write> wnodes: array<WalkNode>;

// The float32 value of a product, as its own rounded value: no add can be fused with it.
fn rounded(product: f32) -> f32 {
  return bitcast<f32>(bitcast<u32>(product) | params.zero);
}

// Σm, Σm·x, Σm·y of node j from its bodies (a leaf) or its children (which are done), then its walk node.
fn sum_node(j: u32) {
  let node = nodes[j];
  var m = 0.0;
  var sx = 0.0;
  var sy = 0.0;
  // a leaf's second moments about its first body (Σ m u uᵀ, u = x − x_lo), for its quadrupole
  var u2 = vec3<f32>(0.0);
  let origin = pm[min(node.lo, params.n - 1u)].xy;
  if (node.count == 0u) {
    for (var i = node.lo; i < node.hi; i++) {
      let p = pm[i];
      m = m + p.z;
      sx = sx + rounded(p.z * p.x);
      sy = sy + rounded(p.z * p.y);
      let u = p.xy - origin;
      u2 = u2 + outer(u, p.z);
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
  write_walk_node(j, node, m, sx, sy, u2, origin);
}

// m u uᵀ in the plane: (xx, xy, yy) (not one of the exact sums: a fused add changes only the quadrupole's last bits)
fn outer(u: vec2<f32>, m: f32) -> vec3<f32> {
  return m * vec3<f32>(u.x * u.x, u.x * u.y, u.y * u.y);
}

// m (3 d dᵀ − |d|² I) in the plane: (xx, xy, yy)
fn moment(d: vec2<f32>, m: f32) -> vec3<f32> {
  return m * vec3<f32>(2.0 * d.x * d.x - d.y * d.y, 3.0 * d.x * d.y, 2.0 * d.y * d.y - d.x * d.x);
}

fn write_walk_node(j: u32, node: Node, m: f32, sx: f32, sy: f32, u2: vec3<f32>, origin: vec2<f32>) {
  var c = vec2<f32>(0.0);
  if (m > 0.0) {
    c = vec2<f32>(sx, sy) / m;
  }
  var q = vec3<f32>(0.0);
  var link = node.lo;
  var shape = (node.hi - node.lo) | (node.level << 26u);
  if (node.count == 0u) {
    // about the centre: T = Σ m u uᵀ − M e eᵀ (e = c − x_lo), then Q = 3T − tr(T) I
    let e = c - origin;
    let t = u2 - outer(e, m);
    q = vec3<f32>(2.0 * t.x - t.z, 3.0 * t.y, 2.0 * t.z - t.x);
  } else {
    for (var k = node.first; k < node.first + node.count; k++) {
      let ch = wnodes[k];
      q = q + vec3<f32>(ch.qxx, ch.qxy, ch.qyy) + moment(ch.com - c, ch.mass);
    }
    link = node.first;
    shape = node.count | WALK_INTERNAL | (node.level << 26u);
  }
  wnodes[j] = WalkNode(c, m, q.x, q.y, q.z, link, shape);
}

@compute @workgroup_size(64)
fn com_level(@builtin(global_invocation_id) gid: vec3<u32>) {
  let L = pass_info.value;
  let j = level_start[L] + gid.x;
  if (j >= level_start[L + 1u]) {
    return;
  }
  sum_node(j);
}

@compute @workgroup_size(64)
fn com_pair(@builtin(global_invocation_id) gid: vec3<u32>) {
  let L = pass_info.value;
  let j = level_start[L] + gid.x;
  if (j >= level_start[L + 1u]) {
    return;
  }
  let node = nodes[j];
  if (node.count == 0u) {
    sum_node(j);
    return;
  }
  for (var c = node.first; c < node.first + node.count; c++) {
    sum_node(c);
  }
  // this thread's own writes of the children: visible to it
  sum_node(j);
}

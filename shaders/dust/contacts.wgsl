// The near field of the combined substep: each body's contacts, found through the hashed grid
// of the sort (cells of side cell_size), added to the far-field acceleration that the
// Barnes–Hut walk left in va.zw, and each body's merge proposal (twin: contactsTwin in
// components/dust/twin.ts). Composed after common/particle.wgsl, common/grid.wgsl,
// common/dispatch.wgsl and dust/common.wgsl.
//
// Bodies larger than a cell: a body of radius r_i touches a body j when |x_i − x_j| < r_i + r_j
// ≤ r_i + r_max, with r_max the radius of the largest body (state[1], kept exact on the GPU
// by the last compaction). So body i visits every cell within reach = r_i + r_max, k cells
// each way with k = floor(reach / cell) + 1, and takes from each bucket only the bodies whose
// own cell is the visited one (a hashed bucket holds several cells; each body is seen once).
// No contact can be missed whatever the sizes; the cell size only sets the cost.
//
// Contact force: a linear spring–dashpot on the overlap (Cundall & Strack 1979, as the sand),
// per unit reduced mass μ = m_i m_j / (m_i + m_j), so the contact's frequency and damping
// ratio do not depend on the masses; it only pushes. The pair's forces are equal and
// opposite. Merge proposal: the lowest slot j in contact with |v_i − v_j| < merge · v_esc,
// v_esc² = 2G (m_i + m_j) / (r_i + r_j) (every term symmetric in i and j, so i proposes j
// only if j could propose i).
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<uniform> dust: Dust;
@group(0) @binding(2) var<storage, read> sorted: array<Particle>;
@group(0) @binding(3) var<storage, read> starts: array<u32>;
@group(0) @binding(4) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> va: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read_write> partner: array<u32>;
@group(0) @binding(7) var<storage, read_write> touching: array<u32>;
@group(0) @binding(8) var<storage, read> state: array<u32, STATE_WORDS>;

@compute @workgroup_size(256)
fn contacts(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let i = thread_index(wid, nwg, lid);
  if (i >= dust.n) {
    return;
  }
  let p = pm[i];
  let s = va[i];
  if (!(p.z > 0.0)) {
    va[i] = vec4<f32>(0.0);
    partner[i] = NO_PARTNER;
    touching[i] = 0u;
    return;
  }
  // essay:begin reach
  let ri = body_radius(p.z);
  let reach = ri + body_radius(f32(state[1]));
  let k = i32(floor(reach * grid.inv_cell)) + 1;
  let c = cell_coords(grid, p.xy);
  var acc = vec2<f32>(0.0);
  var best = NO_PARTNER;
  var count = 0u;
  for (var dy = -k; dy <= k; dy++) {
    for (var dx = -k; dx <= k; dx++) {
      let cc = c + vec2<i32>(dx, dy);
      let key = cell_key_of(grid, cc);
      for (var t = starts[key]; t < starts[key + 1u]; t++) {
        let q = sorted[t];
        let j = q.id;
        if (j == i || any(cell_coords(grid, q.pos) != cc)) {
          continue;
        }
        // essay:end reach
        let mj = pm[j].z;
        if (!(mj > 0.0)) {
          continue;
        }
        let rs = ri + body_radius(mj);
        let rel = p.xy - q.pos;
        let d2 = dot(rel, rel);
        if (d2 >= rs * rs || !(d2 > 0.0)) {
          continue;
        }
        // essay:begin contact
        count++;
        let dist = sqrt(d2);
        let n = rel / dist;
        let rv = s.xy - q.vel;
        let vn = dot(rv, n);
        let mu = p.z * mj / (p.z + mj);
        let push = mu * (dust.stiffness * (rs - dist) - dust.damping * vn);
        if (push > 0.0) {
          acc += (push / p.z) * n;
        }
        let escape2 = 2.0 * dust.G * (p.z + mj) / rs;
        if (dust.merge_on != 0u && dot(rv, rv) < dust.merge * dust.merge * escape2) {
          best = min(best, j);
        }
        // essay:end contact
      }
    }
  }
  if (dust.pointer_active != 0u) {
    let rel = p.xy - dust.pointer;
    let d = length(rel);
    if (d < dust.pointer_radius) {
      // drag towards the pointer's velocity, strongest at its centre (stirs without flinging)
      acc += dust.pointer_strength * (1.0 - d / dust.pointer_radius) * (dust.pointer_vel - s.xy);
    }
  }
  let far = select(vec2<f32>(0.0), s.zw, dust.far_on != 0u);
  va[i] = vec4<f32>(s.xy, far + acc);
  partner[i] = best;
  touching[i] = count;
}

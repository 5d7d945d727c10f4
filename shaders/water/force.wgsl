// SPH pass 2, pressure and integration (the essay's §5 water section). Reads the sorted particles (B) and their
// densities, writes the new state of each particle to the same slot of `out` (A), so no
// thread reads a neighbour that another thread has already moved.
//   P_i = k (rho_i - rho_0),  P_near_i = k_near rho_near_i
//   push on i along r_hat (from j to i): (P_i + P_j)/2 q + (P_near_i + P_near_j)/2 q^2
// The push is symmetric in i and j, so the pair's forces are equal and opposite and
// pressure adds no net momentum. Near-pressure only pushes (Clavet et al. 2005).
// XSPH (Monaghan): v_i += xsph * sum (v_j - v_i) q^2, its weight clamped to at most 1/2.
// Walls, floor and lid: penalty springs inside a soft band, a per-particle offset of the
// band so that particles pressed into a corner never land on the same point, and a hard
// clamp as the last resort.
// lanes consecutive threads share one particle, as in density.wgsl: each lane sums its
// share of the neighbour slots, the partial sums meet in workgroup memory, and lane 0 adds
// them in lane order and does the walls and the integration.
// The next substep's count: lane 0 stores the particle's new cell key in it and counts it
// into the sort's histogram and block totals (fold_count, sort/fold_*.wgsl, composed before
// this file), exactly as the count pass would, so the next sort starts at its scan.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<uniform> water: Water;
@group(0) @binding(2) var<storage, read> particles: array<Particle>;
@group(0) @binding(3) var<storage, read> starts: array<u32>;
@group(0) @binding(4) var<storage, read> density: array<f32>;
@group(0) @binding(5) var<storage, read> near_density: array<f32>;
@group(0) @binding(6) var<storage, read_write> out: array<Particle>;

// Per-particle wall offset in [0, h/100): golden-ratio sequence of the particle's id.
fn wall_offset(id: u32) -> f32 {
  return water.h * 0.01 * fract(f32(id % 65536u) * 0.61803398875);
}

// Penalty acceleration along one axis for position x inside [lo, hi], velocity v.
fn wall_axis(x: f32, v: f32, lo: f32, hi: f32) -> f32 {
  var a = 0.0;
  let below = lo + water.wall_band - x;
  if (below > 0.0) {
    a += water.wall_k * below;
    if (v < 0.0) { a -= water.wall_damping * v; }
  }
  let above = x - (hi - water.wall_band);
  if (above > 0.0) {
    a -= water.wall_k * above;
    if (v > 0.0) { a -= water.wall_damping * v; }
  }
  return a;
}

var<workgroup> lane_sums: array<vec4<f32>, 256>;  // push.xy, dv.xy
var<workgroup> lane_wsum: array<f32, 256>;
var<workgroup> lane_keys: array<u32, 256>;  // each particle's new key, for its other lanes
// false: the pipeline is built for one thread per particle and has no workgroup exchange (the
// host then keeps lane_shift at 0). A CPU emulation runs every invocation of a shader that holds
// a barrier as a coroutine, switching at each one; without it the water frame costs it 2.4× less
// (components/water/pipeline.ts, singleLane).
override lane_partials: bool = true;

@compute @workgroup_size(256)
fn force_pass(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  let t = thread_index(wid, nwg, lid);
  let lanes = 1u << water.lane_shift;
  let valid = (t >> water.lane_shift) < grid.num_particles;
  // threads past the count work on the last particle (and write nothing), so that every
  // thread reaches the barrier
  let i = select(grid.num_particles - 1u, (t >> water.lane_shift), valid);
  let lane = t & (lanes - 1u);
  let me = particles[i];
  let pi = me.pos;
  let vi = me.vel;
  let inv_h = 1.0 / water.h;
  let h2 = water.h * water.h;
  let p_i = water.k * (density[i] - water.rest_density);
  let pn_i = water.k_near * near_density[i];
  let ranges = neighbour_ranges(grid, pi, water.h);
  var push = vec2<f32>(0.0);
  var dv = vec2<f32>(0.0);
  var wsum = 0.0;
  // essay:begin pressure-loop
  for (var w = 0u; w < ranges.count; w++) {
    let run = ranges.r[w];
    for (var j = run.x + lane; j < run.y; j += lanes) {
      let other = particles[j];
      let d = pi - other.pos;
      let r2 = dot(d, d);
      if (j != i && r2 < h2) {
        let r = sqrt(r2);
        let q = 1.0 - r * inv_h;
        let p_j = water.k * (density[j] - water.rest_density);
        let pn_j = water.k_near * near_density[j];
        let mag = 0.5 * (p_i + p_j) * q + 0.5 * (pn_i + pn_j) * q * q;
        if (r > 1e-9) {
          push += (mag / r) * d;
        }
        let q2 = q * q;
        dv += (other.vel - vi) * q2;
        wsum += q2;
      }
    }
  }
  // essay:end pressure-loop
  if (lane_partials && lanes > 1u) {
    lane_sums[lid] = vec4<f32>(push, dv);
    lane_wsum[lid] = wsum;
    workgroupBarrier();
    if (lane == 0u) {
      for (var k = 1u; k < lanes; k++) {
        let s = lane_sums[lid + k];
        push += s.xy;
        dv += s.zw;
        wsum += lane_wsum[lid + k];
      }
    }
  }
  // lane 0 of a valid particle integrates it (no early return: every thread must reach
  // the fold's barrier and subgroup operations)
  let writer = lane == 0u && valid;
  var key = NO_KEY;
  if (writer) {
    var acc = water.gravity + push * water.pressure_scale;

    let off = wall_offset(me.id);
    let lo = water.tank_min + vec2<f32>(off);
    let hi = water.tank_max - vec2<f32>(off);
    acc.x += wall_axis(pi.x, vi.x, lo.x, hi.x);
    acc.y += wall_axis(pi.y, vi.y, lo.y, hi.y);

    if (water.pointer_radius > 0.0) {
      let dp = pi - water.pointer;
      let dist = length(dp);
      if (dist < water.pointer_radius) {
        acc += water.pointer_strength * (1.0 - dist / water.pointer_radius) * (water.pointer_vel - vi);
      }
    }

    var xsph = water.xsph;
    if (xsph * wsum > 0.5) {
      xsph = 0.5 / wsum;
    }
    var v = vi + xsph * dv + acc * water.dt;
    let speed = length(v);
    if (speed > water.max_speed) {
      v *= water.max_speed / speed;
    }
    var x = pi + v * water.dt;
    if (x.x < lo.x) { x.x = lo.x; v.x = max(v.x, 0.0); }
    if (x.x > hi.x) { x.x = hi.x; v.x = min(v.x, 0.0); }
    if (x.y < lo.y) { x.y = lo.y; v.y = max(v.y, 0.0); }
    if (x.y > hi.y) { x.y = hi.y; v.y = min(v.y, 0.0); }
    key = cell_key(grid, x);
    out[i] = Particle(x, v, me.id, key);
  }
  if (FOLD_SHARES_KEYS && lanes > 1u) {
    lane_keys[lid] = key;
    workgroupBarrier();
    key = lane_keys[lid - lane];
  }
  fold_count(i, key, writer, lid);
}

// Sand (the essay's §4 sand section): contact forces over the 3×3 cells + integration, one thread per grain.
// Composed after common/particle.wgsl, common/grid.wgsl, common/dispatch.wgsl and common/window.wgsl,
// and after the sort's fold (sort/fold_atomic.wgsl, sort/fold_runs.wgsl or sort/fold_none.wgsl:
// components/sort/gpu-sort.ts, foldCountPaths).
//
// Reads the grains in cell order (`src`, the scatter's output) with the cell starts of
// the same sort, and writes each grain's next state to the same slot of `dst` (no grain
// reads a slot another thread writes, so there is no race). CPU twin: components/sand/twin.ts.
//
// Contact model: a linear spring-dashpot on the overlap of two discs of radius r
// (Cundall & Strack 1979, the classic discrete-element model), no attraction, plus a
// viscous tangential damping standing in for friction. Symplectic Euler, with each grain's
// own part of the contact damping taken implicitly (a 2×2 solve per grain).
//
// The next substep's count: having written a grain's new state, the thread stores the
// grain's new cell key in it and counts it into the sort's histogram and block totals
// (fold_count), exactly as the count pass would, so the next sort starts at its scan.
struct Sand {
  box_lo: vec2<f32>,       // closed box: lower-left corner (world units)
  box_hi: vec2<f32>,       // closed box: upper-right corner
  pointer: vec2<f32>,      // pointer position (world units)
  pointer_radius: f32,     // reach of the pointer's push
  pointer_strength: f32,   // push at the pointer's centre (acceleration, units/s^2)
  gravity: f32,            // units/s^2, pointing down
  dt: f32,                 // substep, s
  stiffness: f32,          // contact spring, 1/s^2 (unit mass)
  damping: f32,            // normal damping, 1/s
  radius: f32,             // grain radius (half a cell)
  friction: f32,           // tangential damping, 1/s
  wall_stiffness: f32,     // walls' penalty spring
  open_walls: u32,         // 1: no side walls and no lid, the floor extends forever
  pointer_active: u32,     // 1 while the pointer pushes
  max_speed: f32,          // speed limit (keeps a step under half a cell)
  drag: f32,               // air drag, 1/s (velocity loses drag * dt of itself per substep)
  contact_drag: f32,       // extra drag, 1/s, on grains touching another grain: damps the slow
                           // whole-pile bounce that pairwise damping cannot reach
}

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<uniform> sand: Sand;
@group(0) @binding(2) var<storage, read> src: array<Particle>;
@group(0) @binding(3) var<storage, read_write> dst: array<Particle>;
@group(0) @binding(4) var<storage, read> starts: array<u32>;
// stats: [0] candidates examined, [1] candidates from hash collisions (another cell in
// the same bucket), [2] touching (grain, grain) contacts counted from both sides.
@group(0) @binding(5) var<storage, read_write> stats: array<atomic<u32>, 4>;

var<workgroup> wg_stats: array<atomic<u32>, 3>;
// true: the counters are summed per workgroup first (one global add per counter and workgroup);
// false: each grain adds to the global counters itself, and the kernel holds no barrier, which a
// CPU emulation runs far faster (it switches between coroutine invocations at every barrier);
// the totals are the same integers either way (components/sand/gpu-sand.ts).
override wg_sums: bool = true;

// Adds `v` to counter k (stats[k]), through the workgroup's copy when wg_sums is on.
fn add_stat(k: u32, v: u32) {
  if (v == 0u) {
    return;
  }
  if (wg_sums) {
    atomicAdd(&wg_stats[k], v);
  } else {
    atomicAdd(&stats[k], v);
  }
}

// The wall's push on a grain penetrating it by `pen` (> 0) with velocity `v_in` into the wall.
fn wall_push(pen: f32, v_in: f32) -> f32 {
  return max(sand.wall_stiffness * pen + sand.damping * v_in, 0.0);
}

@compute @workgroup_size(256)
fn forces(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
          @builtin(local_invocation_index) lid: u32) {
  if (wg_sums) {
    if (lid < 3u) {
      atomicStore(&wg_stats[lid], 0u);
    }
    workgroupBarrier();
  }
  let i = thread_index(wid, nwg, lid);
  var next_key = NO_KEY;
  if (i < grid.num_particles) {
    let p = src[i];
    let r = sand.radius;
    let d = 2.0 * r;
    let c = cell_coords(grid, p.pos);
    var f = vec2<f32>(0.0, -sand.gravity);
    // the grain's own share of the contact damping, d f / d v (2×2, symmetric): treated
    // implicitly below so that many stiff contacts cannot make the explicit step blow up
    var damp = mat2x2<f32>(0.0, 0.0, 0.0, 0.0);
    var candidates = 0u;
    var collided = 0u;
    var contacts = 0u;
    // each bucket of the 3×3 window once (dense: clipped to the grid)
    let win = cell_window(grid, c);
    for (var w = 0u; w < win.count; w++) {
      let key = win.keys[w];
      let cc = win.cells[w];
      {
        let lo = starts[key];
        let hi = starts[key + 1u];
        for (var j = lo; j < hi; j++) {
          if (j == i) {
            continue;
          }
          let q = src[j];
          candidates++;
          if (grid.hashed != 0u && any(cell_coords(grid, q.pos) != cc)) {
            collided++; // from another cell that hashes to this bucket; the distance test discards it
          }
          let rel = p.pos - q.pos;
          let dist2 = dot(rel, rel);
          if (dist2 < d * d && dist2 > 1e-14) {
            let dist = sqrt(dist2);
            let n = rel / dist;
            let rv = p.vel - q.vel;
            let vn = dot(rv, n);
            let nn = mat2x2<f32>(n * n.x, n * n.y); // n nᵀ
            let push = sand.stiffness * (d - dist) - sand.damping * vn;
            if (push > 0.0) {
              f += push * n;
              damp += sand.damping * nn;
            }
            f -= sand.friction * (rv - vn * n);
            damp += sand.friction * (mat2x2<f32>(1.0, 0.0, 0.0, 1.0) - nn);
            contacts++;
          }
        }
      }
    }
    // walls: floor always; side walls and lid only when the box is closed
    let pen_floor = sand.box_lo.y + r - p.pos.y;
    if (pen_floor > 0.0) {
      f.y += wall_push(pen_floor, -p.vel.y);
      f.x -= sand.friction * p.vel.x;
    }
    if (sand.open_walls == 0u) {
      let pen_l = sand.box_lo.x + r - p.pos.x;
      if (pen_l > 0.0) {
        f.x += wall_push(pen_l, -p.vel.x);
      }
      let pen_r = p.pos.x - (sand.box_hi.x - r);
      if (pen_r > 0.0) {
        f.x -= wall_push(pen_r, p.vel.x);
      }
      let pen_t = p.pos.y - (sand.box_hi.y - r);
      if (pen_t > 0.0) {
        f.y -= wall_push(pen_t, p.vel.y);
      }
    }
    if (sand.pointer_active != 0u) {
      let rel = p.pos - sand.pointer;
      let dist = length(rel);
      if (dist < sand.pointer_radius && dist > 1e-7) {
        f += sand.pointer_strength * (1.0 - dist / sand.pointer_radius) * (rel / dist);
      }
    }
    // semi-implicit damping: (I + dt·D) v' = v + dt·(f + D·v), D = damp (neighbours' velocities stay explicit)
    let a = mat2x2<f32>(1.0, 0.0, 0.0, 1.0) + sand.dt * damp;
    let rhs = p.vel + sand.dt * (f + damp * p.vel);
    let det = a[0][0] * a[1][1] - a[0][1] * a[1][0];
    let solved = vec2<f32>(a[1][1] * rhs.x - a[1][0] * rhs.y, a[0][0] * rhs.y - a[0][1] * rhs.x) / det;
    var drag = sand.drag;
    if (contacts > 0u) {
      drag += sand.contact_drag;
    }
    var vel = solved * max(1.0 - drag * sand.dt, 0.0);
    let speed = length(vel);
    if (speed > sand.max_speed) {
      vel = vel * (sand.max_speed / speed);
    }
    var pos = p.pos + vel * sand.dt;
    // hard limits: a grain never leaves a closed box, and never sinks through the floor
    let inset = 0.25 * r;
    if (pos.y < sand.box_lo.y + inset) {
      pos.y = sand.box_lo.y + inset;
      vel.y = max(vel.y, 0.0);
    }
    if (sand.open_walls == 0u) {
      if (pos.x < sand.box_lo.x + inset) {
        pos.x = sand.box_lo.x + inset;
        vel.x = max(vel.x, 0.0);
      }
      if (pos.x > sand.box_hi.x - inset) {
        pos.x = sand.box_hi.x - inset;
        vel.x = min(vel.x, 0.0);
      }
      if (pos.y > sand.box_hi.y - inset) {
        pos.y = sand.box_hi.y - inset;
        vel.y = min(vel.y, 0.0);
      }
    }
    next_key = cell_key(grid, pos);
    dst[i] = Particle(pos, vel, p.id, next_key);
    add_stat(0u, candidates);
    add_stat(1u, collided);
    add_stat(2u, contacts);
  }
  if (wg_sums) {
    workgroupBarrier();
    if (lid < 3u) {
      let v = atomicLoad(&wg_stats[lid]);
      if (v > 0u) {
        atomicAdd(&stats[lid], v);
      }
    }
  }
  fold_count(i, next_key, i < grid.num_particles, lid);
}

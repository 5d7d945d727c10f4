// The momentum ledger of the combined substep (twin: momentumSums and DustTwin's ledger in
// components/dust/twin.ts), after the second half kick and before the merge: the bodies'
// momentum P = Σ m v, Σ m |v|, and the star's pull F = Σ m a★(x) at these positions. The
// star is fixed, so it changes the bodies' momentum; everything else (the tree's far field,
// the contacts, the merges) should not. The ledger integrates the star's impulse with the
// leapfrog's own weights, J += dt/2 · (F_before + F_now) (each half kick uses the pull at one
// end of the substep; a merge keeps Σ m a, as the compaction weighs accelerations by mass),
// so P − J stays at its start value up to the other forces' errors, and the widgets show
// |P − P₀ − J| / Σ m |v₀|. Two dispatches: one partial sum per workgroup of 256 threads, each
// adding LEDGER_PER_THREAD bodies first (fewer workgroups, fewer barrier rounds: a CPU emulation
// pays for every one), then
// one workgroup adds the partials and writes the ledger into `state` (f32 bits, words
// MOMENTUM_AT…; see dust/common.wgsl). Composed after common/dispatch.wgsl and dust/common.wgsl.
@group(0) @binding(0) var<uniform> dust: Dust;
@group(0) @binding(1) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> va: array<vec4<f32>>;
// two vec4 per workgroup of momentum_partial (256 × LEDGER_PER_THREAD bodies): (Σ m vx, Σ m vy, Σ m |v|, 0), (Σ m a★x, Σ m a★y, 0, 0)
@group(0) @binding(3) var<storage, read_write> partials: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> state: array<u32, STATE_WORDS>;

const LEDGER_THREADS: u32 = 256u;
const LEDGER_PER_THREAD: u32 = 16u; // LEDGER_PER_THREAD in components/dust/gpu.ts
var<workgroup> sums: array<vec4<f32>, LEDGER_THREADS>;
var<workgroup> pulls: array<vec2<f32>, LEDGER_THREADS>;

// the tree sum of sums[] and pulls[] into entry 0 (every thread calls it: uniform control flow)
fn reduce_workgroup(lid: u32) {
  workgroupBarrier();
  for (var half = LEDGER_THREADS / 2u; half > 0u; half = half >> 1u) {
    if (lid < half) {
      sums[lid] += sums[lid + half];
      pulls[lid] += pulls[lid + half];
    }
    workgroupBarrier();
  }
}

@compute @workgroup_size(256)
fn momentum_partial(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let w = wid.y * nwg.x + wid.x;
  var mv = vec4<f32>(0.0);
  var pull = vec2<f32>(0.0);
  for (var k = 0u; k < LEDGER_PER_THREAD; k++) {
    // consecutive threads read consecutive bodies
    let i = (w * LEDGER_PER_THREAD + k) * LEDGER_THREADS + lid;
    if (i < dust.n) {
      let p = pm[i];
      let v = va[i].xy;
      if (p.z > 0.0) {
        mv += vec4<f32>(p.z * v, p.z * length(v), 0.0);
        // the star's pull as the walk adds it (softened alike); none when the far field is off
        if (dust.far_on != 0u && dust.star.z > 0.0) {
          let d = dust.star.xy - p.xy;
          let r2 = dot(d, d) + dust.star.w;
          pull += (p.z * dust.star.z / (r2 * sqrt(r2))) * d;
        }
      }
    }
  }
  sums[lid] = mv;
  pulls[lid] = pull;
  reduce_workgroup(lid);
  if (lid == 0u) {
    partials[2u * w] = sums[0];
    partials[2u * w + 1u] = vec4<f32>(pulls[0], 0.0, 0.0);
  }
}

@compute @workgroup_size(256)
fn momentum_total(@builtin(local_invocation_index) lid: u32) {
  let groups = (dust.n + LEDGER_THREADS * LEDGER_PER_THREAD - 1u) / (LEDGER_THREADS * LEDGER_PER_THREAD);
  var mv = vec4<f32>(0.0);
  var pull = vec2<f32>(0.0);
  for (var w = lid; w < groups; w += LEDGER_THREADS) {
    mv += partials[2u * w];
    pull += partials[2u * w + 1u].xy;
  }
  sums[lid] = mv;
  pulls[lid] = pull;
  reduce_workgroup(lid);
  if (lid == 0u) {
    let total = sums[0];
    let now = pulls[0];
    let before = vec2<f32>(bitcast<f32>(state[MOMENTUM_AT + 6u]), bitcast<f32>(state[MOMENTUM_AT + 7u]));
    let j = vec2<f32>(bitcast<f32>(state[MOMENTUM_AT + 4u]), bitcast<f32>(state[MOMENTUM_AT + 5u])) + (0.5 * dust.dt) * (before + now);
    state[MOMENTUM_AT] = bitcast<u32>(total.x);
    state[MOMENTUM_AT + 1u] = bitcast<u32>(total.y);
    state[MOMENTUM_AT + 2u] = bitcast<u32>(total.z);
    state[MOMENTUM_AT + 4u] = bitcast<u32>(j.x);
    state[MOMENTUM_AT + 5u] = bitcast<u32>(j.y);
    state[MOMENTUM_AT + 6u] = bitcast<u32>(now.x);
    state[MOMENTUM_AT + 7u] = bitcast<u32>(now.y);
  }
}

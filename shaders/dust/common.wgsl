// Shared declarations of the dust kernels (the Worlds from Dust page): one particle buffer
// for gravity and contacts. Bodies live in the gravity pipeline's two vec4 arrays:
// pm = (x, y, mass, id) and va = (vx, vy, ax, ay). Masses are whole numbers of grains (a
// grain weighs 1), so every merge's sum, and the total, is exact in float32 below 2^24.
// A body's radius follows from its mass: r = unit_radius · √m (discs of one surface density,
// so the radius of a merged body is that of the summed area). Mass 0 marks a dead slot.
struct Dust {
  n: u32,                  // slots in use: live bodies first after a compaction, maybe dead ones (mass 0) after them
  merge_on: u32,           // 0: no merge candidates are proposed
  far_on: u32,             // 0: the far field is left out (contacts only): the near field replaces va.zw
  dt: f32,                 // substep (the momentum ledger's star impulse)
  unit_radius: f32,        // radius of a body of mass 1 (one grain)
  stiffness: f32,          // contact spring per unit reduced mass, 1/time²
  damping: f32,            // contact dashpot per unit reduced mass, 1/time (the stickiness)
  G: f32,                  // gravitational constant of the escape speed (the gravity pipeline's G)
  merge: f32,              // merge when |Δv| < merge · v_escape (the merge control)
  pointer_radius: f32,     // reach of the pointer's stir
  pointer_strength: f32,   // the stir's acceleration at the pointer's centre
  pointer_active: u32,     // 1 while the pointer stirs
  pointer: vec2<f32>,      // pointer position (world units)
  pointer_vel: vec2<f32>,  // the velocity the stir drags bodies towards
  star: vec4<f32>,         // the star for the momentum ledger: (x, y, G·M, softening²); G·M 0 = none
}

// state[0] = live bodies after the last compaction, [1] = the largest mass (a whole number),
// [2] = unused, [3] = total mass (exact: whole numbers), [4 + k] = bodies with mass in
// [2^k, 2^(k+1)) for k = 0..23 (the mass spectrum): the counters the merge phase rebuilds
// (COUNTER_WORDS). Then the momentum ledger (dust/momentum.wgsl), f32 bits: [28, 29] = Σ m v,
// [30] = Σ m |v|, [31] unused, [32, 33] = J, the star's impulse on the bodies since the start,
// [34, 35] = the star's pull Σ m a★ at the last ledger entry.
const STATE_WORDS: u32 = 36u;
const COUNTER_WORDS: u32 = 28u;
const MASS_BINS_AT: u32 = 4u;
const MOMENTUM_AT: u32 = 28u;
const NO_PARTNER: u32 = 0xffffffffu;

fn body_radius(m: f32) -> f32 {
  return dust.unit_radius * sqrt(m);
}

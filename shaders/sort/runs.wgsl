// Runs of equal keys inside a subgroup: what lets the count and the scatter issue one atomic
// per run instead of one per particle (count_runs.wgsl, scatter_runs.wgsl). Needs the
// `subgroups` feature (enable_subgroups.wgsl goes first in the module).
//
// The lanes of a subgroup hold particles in lane order (on the GPUs seen, consecutive
// particles). A run is a maximal stretch of neighbouring lanes with the same key: on input in
// cell order (the previous substep's sort) a subgroup holds one to a few runs, on random input
// almost every lane is a run of one. Each run's first lane (its head) adds the run's length
// with one atomic; a lane's rank inside its run is its distance from the head. Correct for
// any lane-to-particle mapping and any subgroup size up to 128 (the ballot's 4 words): the
// runs only decide how the atomics are shared out, never which cell a particle goes to.
//
// WGSL has no match-any; runs need only one shuffle and one ballot, where grouping all equal
// keys of a subgroup needs a loop over its distinct keys (as many rounds as keys: about the
// subgroup size on random input).

// A lane's run: the lane of its head and the run's length (lanes).
struct KeyRun {
  head: u32,
  len: u32,
}

// Ballot mask of lanes 0..lane (inclusive), as subgroupBallot lays out its bits.
fn lanes_up_to(lane: u32) -> vec4<u32> {
  var m = vec4<u32>(0u);
  for (var w = 0u; w < 4u; w++) {
    let lo = w * 32u;
    if (lane >= lo + 31u) {
      m[w] = 0xffffffffu;
    } else if (lane >= lo) {
      m[w] = (2u << (lane - lo)) - 1u;
    }
  }
  return m;
}

// Ballot mask of the lanes of `run` (head .. head + len - 1).
fn run_lanes(run: KeyRun) -> vec4<u32> {
  let upto = lanes_up_to(run.head + run.len - 1u);
  if (run.head == 0u) {
    return upto;
  }
  return upto & ~lanes_up_to(run.head - 1u);
}

// The run of `key` at lane `lane` of a subgroup of `size` lanes. Every lane of the subgroup
// must call it together (lanes without a particle pass a key no particle has, NO_KEY,
// common/grid.wgsl).
fn key_run(key: u32, lane: u32, size: u32) -> KeyRun {
  let prev = subgroupShuffleUp(key, 1u);
  let heads = subgroupBallot(lane == 0u || prev != key);
  let upto = lanes_up_to(lane);
  let below = heads & upto; // heads at or below this lane: the last one is this lane's head
  let above = heads & ~upto; // heads past this lane: the first one ends the run
  var head = 0u;
  for (var w = 0u; w < 4u; w++) {
    if (below[w] != 0u) {
      head = w * 32u + firstLeadingBit(below[w]);
    }
  }
  var next = size;
  for (var w = 4u; w > 0u; w--) {
    if (above[w - 1u] != 0u) {
      next = (w - 1u) * 32u + firstTrailingBit(above[w - 1u]);
    }
  }
  return KeyRun(head, next - head);
}

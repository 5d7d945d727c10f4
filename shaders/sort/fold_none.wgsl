// The integrating passes without the folded count (the count runs as its own pass at the
// start of each substep's sort): fold_atomic.wgsl's interface, doing nothing. The
// benchmark's baseline, selected by `foldCount: false` (components/sort/gpu-sort.ts).
const FOLD_SHARES_KEYS: bool = false;

fn fold_count(i: u32, key: u32, live: bool, lid: u32) {}

// Bookkeeping between the levels of the tree build (twin: buildTreeTwin in
// components/gravity/tree.ts). level_start[L] = first node of level L (L = 0..17);
// tree_len[0] = node count of the level being built (the length the scan reads);
// indirect[3L .. 3L+2] = workgroups (of 256) over level L's nodes, and
// indirect[3·18 + 3L ..] = scan blocks (of 1,024) over level L's nodes.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read_write> level_start: array<u32>;
@group(0) @binding(3) var<storage, read> offsets: array<u32>;
@group(0) @binding(4) var<storage, read_write> indirect: array<u32>;
@group(0) @binding(5) var<storage, read_write> nodes: array<Node>;
@group(0) @binding(6) var<storage, read_write> tree_len: array<u32>;

const SCAN_ARGS: u32 = 54u;

fn set_args(level: u32, count: u32) {
  indirect[3u * level] = (count + 255u) / 256u;
  indirect[3u * level + 1u] = 1u;
  indirect[3u * level + 2u] = 1u;
  indirect[SCAN_ARGS + 3u * level] = (count + 1023u) / 1024u;
  indirect[SCAN_ARGS + 3u * level + 1u] = 1u;
  indirect[SCAN_ARGS + 3u * level + 2u] = 1u;
}

@compute @workgroup_size(1)
fn tree_init() {
  nodes[0] = Node(0u, params.n, 0u, 0u, 0.0, 0.0, 0.0, 0u);
  level_start[0] = 0u;
  level_start[1] = 1u;
  tree_len[0] = 1u;
  set_args(0u, 1u);
}

// After level L's child counts are scanned: level L + 1 has offsets[size] nodes.
@compute @workgroup_size(1)
fn tree_level_end() {
  let L = pass_info.value;
  let size = level_start[L + 1u] - level_start[L];
  let total = offsets[size];
  level_start[L + 2u] = level_start[L + 1u] + total;
  tree_len[0] = total;
  set_args(L + 1u, total);
}

// One particle's whole state, 24 bytes. The sort's scatter copies it as a unit, so
// neighbours in space end up neighbours in memory (the essay's §4 sand section).
//   pos: world position (world units; the demos' box spans 2 units)
//   vel: velocity (world units per second)
//   id:  the particle's identity, kept through every sort (stable colours, diagrams)
//   key: the cell key of the particle's last sort, written by the count kernel (or, when the
//        sort keeps its keys in an array of their own, by the scatter into the sorted copy:
//        keyArray in components/sort/gpu-sort.ts)
struct Particle {
  pos: vec2<f32>,
  vel: vec2<f32>,
  id: u32,
  key: u32,
}

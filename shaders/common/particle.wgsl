// One particle's whole state, 24 bytes. The sort's scatter copies it as a unit, so
// neighbours in space end up neighbours in memory (the essay's §4 sand section).
//   pos: world position (world units; the demos' box spans 2 units)
//   vel: velocity (world units per second)
//   id:  the particle's identity, kept through every sort (stable colours, diagrams)
//   key: the cell key, written by the count kernel, read by scatter
struct Particle {
  pos: vec2<f32>,
  vel: vec2<f32>,
  id: u32,
  key: u32,
}

// Shared declarations of the SPH water kernels (the essay's §5 water section). Composed after
// common/particle.wgsl, common/grid.wgsl and common/window.wgsl. 96-byte uniform, packed by
// components/water/params.ts (packWaterParams); keep the two in step.
struct Water {
  gravity: vec2<f32>,        // world units / s^2
  dt: f32,                   // substep length, s
  h: f32,                    // smoothing radius = one grid cell, world units
  rest_density: f32,         // rho_0
  k: f32,                    // pressure stiffness: P = k (rho - rho_0)
  k_near: f32,               // near-pressure stiffness: P_near = k_near rho_near (Clavet et al. 2005)
  xsph: f32,                 // XSPH velocity smoothing factor (Monaghan)
  tank_min: vec2<f32>,       // inner lower-left corner of the tank
  tank_max: vec2<f32>,       // inner upper-right corner (the lid)
  wall_k: f32,               // penalty spring of walls, floor and lid (1/s^2)
  wall_band: f32,            // width of the soft band next to each wall
  max_speed: f32,            // safety clamp on speed (world units / s)
  pressure_scale: f32,       // turns the pairwise push into an acceleration (1/h in our units)
  pointer: vec2<f32>,        // pointer position (world units)
  pointer_vel: vec2<f32>,    // pointer velocity (world units / s)
  pointer_radius: f32,       // 0 = no pointer
  pointer_strength: f32,     // 1/s: how fast water inside the radius takes the pointer's velocity
  wall_damping: f32,         // 1/s: damping of motion into a wall inside the band
  lane_shift: u32,           // threads per particle in the density and force passes = 1 << lane_shift (written by WaterGPU)
}


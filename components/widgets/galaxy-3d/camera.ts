/**
 * The orbit camera of the 3D galaxy: it looks at the origin from `distance` away, turned by
 * `yaw` about the vertical axis and tilted by `pitch` (radians, kept within ±85°). Pure
 * functions, so the projection the GPU shader gets (`viewProjection`, column-major as WGSL
 * reads a mat4x4) and the CPU engine's (`project`) are one formula, tested in Node.
 */

export interface OrbitCamera {
  yaw: number;
  pitch: number;
  /** distance from the origin, world units */
  distance: number;
  /** vertical field of view, radians */
  fov: number;
}

export const PITCH_LIMIT = (85 * Math.PI) / 180;
export const DISTANCE_RANGE: [number, number] = [1.5, 80];

/** A camera for a scene of the given radius: the whole scene in view, tilted 35° and turned 20°. */
export function defaultCamera(radius: number): OrbitCamera {
  return {yaw: (20 * Math.PI) / 180, pitch: (35 * Math.PI) / 180, distance: clampDistance(radius * 2.3), fov: Math.PI / 4};
}

function clampDistance(d: number): number {
  return Math.min(DISTANCE_RANGE[1], Math.max(DISTANCE_RANGE[0], d));
}

/** The camera turned by (dYaw, dPitch) radians: pitch clamped, yaw wrapped to (−π, π]. */
export function orbit(c: OrbitCamera, dYaw: number, dPitch: number): OrbitCamera {
  let yaw = c.yaw + dYaw;
  yaw = Math.atan2(Math.sin(yaw), Math.cos(yaw));
  const pitch = Math.min(PITCH_LIMIT, Math.max(-PITCH_LIMIT, c.pitch + dPitch));
  return {...c, yaw, pitch};
}

/** The camera moved closer (factor < 1) or farther (factor > 1), within DISTANCE_RANGE. */
export function zoom(c: OrbitCamera, factor: number): OrbitCamera {
  return {...c, distance: clampDistance(c.distance * factor)};
}

/** The eye's position in world space. */
export function eye(c: OrbitCamera): [number, number, number] {
  const cp = Math.cos(c.pitch);
  return [c.distance * cp * Math.sin(c.yaw), c.distance * Math.sin(c.pitch), c.distance * cp * Math.cos(c.yaw)];
}

/**
 * The view-projection matrix (column-major Float32Array(16)) for a canvas of `aspect` =
 * width / height: a right-handed look-at from `eye(c)` to the origin with +y up, then a
 * perspective with depth 0..1 (WebGPU's clip space), near 0.05, far 500.
 */
export function viewProjection(c: OrbitCamera, aspect: number): Float32Array {
  const [ex, ey, ez] = eye(c);
  // forward f = normalize(origin − eye); right s = normalize(f × up); up' u = s × f
  const fl = Math.hypot(ex, ey, ez);
  const f = [-ex / fl, -ey / fl, -ez / fl];
  let s = [f[1] * 0 - f[2] * 1, f[2] * 0 - f[0] * 0, f[0] * 1 - f[1] * 0];
  const sl = Math.hypot(s[0], s[1], s[2]) || 1;
  s = s.map((v) => v / sl);
  const u = [s[1] * f[2] - s[2] * f[1], s[2] * f[0] - s[0] * f[2], s[0] * f[1] - s[1] * f[0]];
  const view = [
    [s[0], u[0], -f[0], 0],
    [s[1], u[1], -f[1], 0],
    [s[2], u[2], -f[2], 0],
    [-(s[0] * ex + s[1] * ey + s[2] * ez), -(u[0] * ex + u[1] * ey + u[2] * ez), f[0] * ex + f[1] * ey + f[2] * ez, 1],
  ]; // view[col][row]
  const near = 0.05,
    far = 500;
  const t = 1 / Math.tan(c.fov / 2);
  const proj = [
    [t / aspect, 0, 0, 0],
    [0, t, 0, 0],
    [0, 0, far / (near - far), -1],
    [0, 0, (near * far) / (near - far), 0],
  ];
  const out = new Float32Array(16);
  for (let col = 0; col < 4; col++)
    for (let row = 0; row < 4; row++) {
      let v = 0;
      for (let k = 0; k < 4; k++) v += proj[k][row] * view[col][k];
      out[col * 4 + row] = v;
    }
  return out;
}

/**
 * A world point through the matrix: canvas pixels (x right, y down) of a `width` × `height`
 * canvas and the clip w (> 0 in front of the camera; null behind it).
 */
export function project(m: Float32Array, x: number, y: number, z: number, width: number, height: number): {px: number; py: number; w: number} | null {
  const cx = m[0] * x + m[4] * y + m[8] * z + m[12];
  const cy = m[1] * x + m[5] * y + m[9] * z + m[13];
  const cw = m[3] * x + m[7] * y + m[11] * z + m[15];
  if (!(cw > 1e-6)) return null;
  return {px: ((cx / cw + 1) / 2) * width, py: ((1 - cy / cw) / 2) * height, w: cw};
}

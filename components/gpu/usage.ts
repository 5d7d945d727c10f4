/**
 * GPUBufferUsage / GPUMapMode / GPUShaderStage flag values as plain numbers (WebGPU spec),
 * so modules can be imported where WebGPU is missing (the CPU-twin fallback) without
 * touching the globals.
 */
export const Usage = {
  MAP_READ: 0x0001,
  MAP_WRITE: 0x0002,
  COPY_SRC: 0x0004,
  COPY_DST: 0x0008,
  INDEX: 0x0010,
  VERTEX: 0x0020,
  UNIFORM: 0x0040,
  STORAGE: 0x0080,
  INDIRECT: 0x0100,
  QUERY_RESOLVE: 0x0200,
} as const;
export const MapMode = {READ: 0x0001, WRITE: 0x0002} as const;
export const ShaderStage = {VERTEX: 0x1, FRAGMENT: 0x2, COMPUTE: 0x4} as const;
/** STORAGE | COPY_SRC | COPY_DST: the usage of every simulation buffer. */
export const STORAGE_RW = Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST;

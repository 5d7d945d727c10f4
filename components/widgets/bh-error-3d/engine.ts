/** The engine contract of the 3D accuracy widget: what it asks of both engines (gpu.ts, cpu.ts). */
import type {Engine} from "../runtime/engine.js";
import type {Error3Point} from "./options.js";

export interface BHError3DEngine extends Engine {
  /** Bodies compared. */
  count: number;
  /** Median, 99th-percentile and largest relative force error at θ against the exact sum. */
  measure(theta: number): Promise<Error3Point>;
}

/**
 * The runtime's one word for where a widget's engine stands, and its one alias. Node-safe (no
 * DOM, no GPU): a widget's `options.ts`, which its `meta.ts` reads in Node, may import it.
 */

/**
 * "pending" (no engine runs yet, or it is being rebuilt after a device loss), "gpu" or "cpu".
 * `EngineRuntime.kind` says it, `.value.engine` of every widget that reports where its engine
 * stands is written from it (`mountWidget` hands it to the definition's `value`), and the root's
 * `data-engine` says it too, with "idle" before the lazy start.
 */
export type EnginePhase = "gpu" | "cpu" | "pending";

/**
 * `.value.engine` as the water and sand widgets spell it: their `.value` contract said "starting"
 * where the runtime says "pending" before the runtime wrote one vocabulary, and a host page may
 * read it, so those two keep it as an alias ("pending" → "starting"; "gpu" and "cpu" unchanged).
 */
export function startingAlias(phase: EnginePhase): "gpu" | "cpu" | "starting" {
  return phase === "pending" ? "starting" : phase;
}

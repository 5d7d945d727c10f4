/**
 * The step time the gravity widgets (nbody, galaxy, galaxy-3d) show: an exponential moving
 * average of each step's milliseconds, so the read-out settles instead of flickering.
 */

/** Exponential moving average of a step time (null starts it). */
export const ema = (prev: number | null, ms: number) => (prev === null ? ms : 0.85 * prev + 0.15 * ms);

/** Seeded PRNG for reproducible test inputs (mulberry32, floats in [0, 1)). */
export {mulberry32 as rng} from "../../components/sim/rng.js";

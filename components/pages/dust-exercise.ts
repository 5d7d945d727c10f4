/**
 * The Worlds from Dust page's "Write this kernel yourself" disclosure (src/_bundle/dust-exercise.js):
 * the essay's disclosure entry (exercise.ts) in that page's own build graph.
 */
export {openExercises} from "./exercise.js";

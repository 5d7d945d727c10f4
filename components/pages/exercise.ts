/**
 * The "Write this kernel yourself" disclosures of the essay (src/_bundle/exercise.js; on the Worlds
 * from Dust page dust-exercise.js): `openExercises(slot, invalidation)` mounts a disclosure's
 * exercise widgets and plugs a passing kernel into the section's counting-sort widget
 * (components/essay/exercise-drive.ts). A page imports this module when the reader first opens a
 * disclosure; the editor itself loads when the widget starts.
 */
import {createExercise, type ExerciseElement} from "../widgets/exercise/index.js";
import {mountExercises} from "../essay/exercise-drive.js";

/** Mounts the exercises of `slot` (a `details.exercise-slot` with `data-tasks`) once; none the second time. */
export const openExercises = (slot: HTMLElement, invalidation?: Promise<unknown>): ExerciseElement[] => mountExercises(slot, createExercise, invalidation);

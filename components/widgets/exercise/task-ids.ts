/**
 * The ids of the exercises (components/exercises/tasks.ts), in the essay's order: the option
 * schema's choices. A list of its own so that the widget's meta stays small (the embedding's pages
 * read every meta); tests/unit/exercise-widget.test.ts holds it equal to the task list.
 */
export const TASK_IDS = ["cell-key", "histogram", "scan-round", "workgroup-scan", "exclusive-shift", "scatter", "neighbour-count", "compaction"] as const;

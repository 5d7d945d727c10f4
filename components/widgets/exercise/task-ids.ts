/**
 * The ids of the exercises, in the essay's order: the option schema's choices (Node-safe, so the
 * widget's meta can list them). Until the task list of components/exercises/ lands, one stub.
 */
export const TASK_IDS = ["stub-count"] as const;

/**
 * The CPU interpreter's Web Worker: pages check a reader's kernel here, off the main thread,
 * so that a slow or endless kernel never freezes the tab (interpreter-client.ts starts it and
 * terminates it past its time). Messages: an `InterpreterRequest` in, an `InterpreterReply` out.
 */
import {checkOnInterpreter, type InterpreterCheckOptions} from "./check-interpreter.js";
import {taskById} from "./tasks.js";
import type {CheckResult} from "./task.js";

/** What the page asks: check `code` for the task of id `task`. */
export interface InterpreterRequest {
  /** Echoed in the reply, so a late answer to an old request can be told apart. */
  id: number;
  task: string;
  code: string;
  options?: InterpreterCheckOptions;
}

export interface InterpreterReply {
  id: number;
  result: CheckResult;
}

/** Answers one request (never throws: an unknown task or an interpreter crash becomes a `problem`). */
export function answer(request: InterpreterRequest): InterpreterReply {
  try {
    return {id: request.id, result: checkOnInterpreter(taskById(request.task), request.code, request.options)};
  } catch (e) {
    const result: CheckResult = {
      engine: "interpreter",
      passed: false,
      messages: [],
      cases: [],
      problem: `The CPU interpreter failed: ${(e as Error).message ?? e}`,
    };
    return {id: request.id, result};
  }
}

// In a worker (a WorkerGlobalScope): answer every message.
const scope = globalThis as any;
if (typeof scope.WorkerGlobalScope === "function" && scope instanceof scope.WorkerGlobalScope) {
  scope.onmessage = (e: MessageEvent<InterpreterRequest>) => scope.postMessage(answer(e.data));
}

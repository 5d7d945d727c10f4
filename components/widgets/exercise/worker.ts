/**
 * The CPU interpreter's worker, as a module that knows its own address: the page starts a module
 * worker at `WORKER_URL` (this module's URL, whatever name a bundler or Framework gave the file),
 * and in the worker this module loads the worker's body (worker-main.ts, which answers every
 * message once loaded), keeping any message that arrives before it.
 *
 * Import it only with `import()`: a bundler then makes it a chunk of its own, so the worker loads
 * this module and what the interpreter needs, nothing of the page. The exercise's one-file element
 * bundle (ns-exercise.js, scripts/bundle-elements.mjs), which has no chunks, replaces this module with a worker built
 * from a string.
 */
const WORKER_URL: string = import.meta.url;

const scope = globalThis as any;
if (typeof scope.WorkerGlobalScope === "function" && scope instanceof scope.WorkerGlobalScope) {
  const early: MessageEvent[] = [];
  scope.onmessage = (e: MessageEvent) => early.push(e);
  import("./worker-main.js").then(
    () => {
      for (const e of early) scope.onmessage(e);
    },
    (e) => {
      // without the interpreter, every request gets its failure as a result, never silence
      const problem = `The CPU interpreter could not load: ${(e as Error)?.message ?? e}`;
      const fail = (m: MessageEvent) => scope.postMessage({id: m.data?.id, result: {engine: "interpreter", passed: false, messages: [], cases: [], problem}});
      scope.onmessage = fail;
      early.forEach(fail);
    }
  );
}

/** A module worker of this module (see the module comment). */
export function createInterpreterWorker(): Worker {
  return new Worker(WORKER_URL, {type: "module"});
}

// jsdom comes with @observablehq/framework (the version the lockfile pins) and has no types of
// its own; the tests use only its constructor and window.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string, options?: {url?: string});
    readonly window: Window & typeof globalThis;
  }
}

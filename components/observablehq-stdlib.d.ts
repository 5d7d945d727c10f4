// Types for Framework's standard library module, as used by components/gpu/wgsl-browser.ts.
declare module "observablehq:stdlib" {
  export function FileAttachment(path: string): {text(): Promise<string>; json(): Promise<any>; url(): Promise<string>};
}

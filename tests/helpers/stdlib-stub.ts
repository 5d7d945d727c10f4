// Stands in for Framework's "observablehq:stdlib" in Node tests: modules that import it
// (the browser WGSL list) can be loaded; reading a file through it fails loudly.
export function FileAttachment(path: string) {
  return {
    text: () => Promise.reject(new Error(`FileAttachment(${path}) is only available in the browser`)),
  };
}

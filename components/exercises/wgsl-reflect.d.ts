// wgsl_reflect's ES module build, imported by its file: the package's `main` is a CommonJS build
// that Node cannot import as ESM (the package says "type": "module"). Same API as its types.
declare module "wgsl_reflect/wgsl_reflect.module.js" {
  export * from "wgsl_reflect";
}

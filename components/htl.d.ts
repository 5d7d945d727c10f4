// Types for htl 0.3 (no declarations of its own), as the essay page's sort.js re-exports it.
declare module "htl" {
  export const html: (strings: TemplateStringsArray, ...values: unknown[]) => Node;
  export const svg: (strings: TemplateStringsArray, ...values: unknown[]) => Node;
}

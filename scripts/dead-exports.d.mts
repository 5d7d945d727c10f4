// Types of the functions scripts/dead-exports.mjs exports (for tests/unit/dead-exports.test.ts).
export const EXPORT_DIRS: string[];
export const REFERENCE_PATHS: string[];
export const ALLOW: Map<string, string>;
export function exportedNames(source: string): {name: string; line: number; kind: "type" | "value" | "list"}[];
export function findDeadExports(
  root: string,
  options?: {exportDirs?: string[]; referencePaths?: string[]; allow?: Map<string, string>}
): {dead: {file: string; name: string; line: number}[]; duplicates: {name: string; files: string[]}[]};

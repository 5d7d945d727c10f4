// Types of the functions scripts/slim-dist.mjs exports (for tests/unit/slim-dist.test.ts).
export function dropUnused(css: string, unused: Set<string>): string;
export function splitCells(code: string, deferredUrl: string, fullStylesheet?: string | null): {kept: string; deferred: string} | null;
export function firstScreenCSS(css: string, present: (name: string) => boolean): string;

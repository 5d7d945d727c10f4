// Types of the functions scripts/slim-dist.mjs exports (for tests/unit/slim-dist.test.ts).
export function dropUnused(css: string, unused: Set<string>): string;
export function bootPage(
  code: string,
  deferredUrl: string,
  options?: {fullStylesheet?: string | null; preload?: string[]}
): {boot: string; deferred: string; heroUrl: string} | null;
export function firstScreenCSS(css: string, present: (name: string) => boolean): string;

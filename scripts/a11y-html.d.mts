/** Types of scripts/a11y-html.mjs (read by observablehq.config.ts). */
export const VIEWPORT: string;
export const SKIP_LINK: string;
export function fixPage(html: string): string;
export function htmlFiles(dir: string): string[];

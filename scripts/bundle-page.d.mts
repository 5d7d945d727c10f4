// Types of what scripts/bundle-page.mjs exports (for the unit tests and check-build.mjs).
export const PAGES: Record<string, Record<string, string>>;
export const SHOWN_WGSL: Record<string, string[]>;

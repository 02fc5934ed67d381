// In a module of its own that imports nothing: plugins' deferred code (API clients) reads these, and when they lived in
// options.ts (which imports Store) rolldown 1.2 split Store out of a host's first chunk (docs/DECISIONS.md, "Nothing in
// a host's first chunk imports what only deferred code uses").

/** SDK type and version sent as st and sv (SPEC §7). */
export const SDK_TYPE = 'portico'
export const SDK_VERSION = 'react-portico-0.1.0'

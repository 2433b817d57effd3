// Moved: the data version is db/data-version.ts and the answer cache lib/answer-cache.ts. This
// re-export serves the route files that still import from here; delete it with their last import.
export { dataVersion } from '../db/data-version.ts';
export { VersionedCache } from '../lib/answer-cache.ts';

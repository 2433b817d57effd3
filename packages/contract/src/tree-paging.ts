// The team tree's page sizes, without zod, so the web app can import them
// (`@abo/contract/tree-paging`) into the tree's chunk.

/**
 * Children per page of the tree: a Diamond's frontline of hundreds of legs would otherwise be one
 * answer of ~70 KB; a page of 100 is ~16 KB raw and more than a screenful of rows.
 */
export const TREE_PAGE_SIZE = 100;
/** Most children one tree answer holds. */
export const TREE_MAX_PAGE_SIZE = 200;

/**
 * Deepest level below the viewer a tree search opens the way to. A match deeper down comes
 * without its path: opening it would take a page per level (and a 100 000-deep chain made one
 * answer of a megabyte); member tracking's search finds it instead.
 */
export const TREE_SEARCH_MAX_LEVEL = 100;

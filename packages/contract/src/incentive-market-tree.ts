// Request and response schemas of the team tree (issue #22; beside the member list of
// marketmembertracking, all POST, spec envelope, queryAda as the other market calls):
//   tree         body treeBodySchema       → treeDataSchema        one page of the children of one member
//                (`ref` absent: the viewer's frontline), each with how many children and members below;
//                `total` and `hasMore` say how many children there are in all and whether more follow
//   tree/search  body treeSearchBodySchema → treeSearchDataSchema  members matching a search, each with
//                the path of references from the frontline down to them and each one's place among
//                its parent's children, so the tree can load the page holding it and open the path
// Both take the tree's order (`sort`) and the member list's filters (issue #32): with a filter set,
// a member's children are those matching it or with a match below (the way down to a match), each
// saying whether it matches; search and positions are among those children, in that order.
// As on the other market calls, ADAs are masked and names shown as the BFF's name policy allows;
// a reference outside the viewer's downline is refused with 9900403 (whether it exists or not).
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { memberFilterFields } from './incentive-market.ts';
import { TREE_SORTS } from './member-sorts.ts';
import { localTextSchema } from './text.ts';
import { TREE_MAX_PAGE_SIZE, TREE_PAGE_SIZE } from './tree-paging.ts';

export { TREE_MAX_PAGE_SIZE, TREE_PAGE_SIZE, TREE_SEARCH_MAX_LEVEL } from './tree-paging.ts';
export { TREE_SORTS, type TreeSort } from './member-sorts.ts';

/** The order of the children and the member list's filters, as a tree call takes them. */
const treeViewFields = {
  /** gpv: group PV, largest first; pvToQ: closest to Q first (as the list's "PV to Q" ascending). */
  sort: z.enum(TREE_SORTS).default('gpv'),
  ...memberFilterFields,
};

/** Opaque reference of a downline member (as in incentive-market.ts). */
const treeRefSchema = z.string().regex(/^m\d{1,9}$/, 'not a member reference');

/** Most matches a tree search returns (in tree order); `total` says how many there were. */
export const TREE_SEARCH_LIMIT = 20;

export const treeBodySchema = baseBodySchema.extend({
  /** Whose children; absent: the viewer's frontline. */
  ref: treeRefSchema.optional(),
  /** How many children to skip, in the answer's order; past the last child is refused (9900400). */
  offset: z.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.number().int().min(1).max(TREE_MAX_PAGE_SIZE).default(TREE_PAGE_SIZE),
  ...treeViewFields,
});
export type TreeBody = z.input<typeof treeBodySchema>;

export const treeNodeSchema = z.object({
  ref: z.string(),
  maskedName: localTextSchema,
  maskedAda: z.string(),
  pinCode: z.number().int(),
  /** This month's group PV (so far while the month is open). */
  gpv: z.number(),
  bracket: z.number().int(),
  isQ: z.boolean(),
  // Fields added later are defaulted (older-answers.test.ts): an answer from before them parses.
  /** Group PV still needed this month to reach the answer's qThreshold (0 when reached); null: not known. */
  pvToQ: z.number().nullable().default(null),
  /** Not Q yet but close to it this month (the market pages' "near Q", @abo/plan isNearQ). */
  nearQ: z.boolean().default(false),
  /** Whether the member matches the filters; false: shown only as the way down to members who do. */
  match: z.boolean().default(true),
  /** With filters: members below this one who match them; null without filters. */
  matchesBelow: z.number().int().nullable().default(null),
  /** Direct children the tree lists: all of them, or with filters those matching or with a match below. */
  children: z.number().int(),
  /** Members in the whole downline of this member. */
  downlineSize: z.number().int(),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;

export const treeDataSchema = z.object({
  py: z.string(),
  /** The month whose volumes are shown (the open month). */
  month: z.string(),
  monthOpen: z.boolean(),
  qThreshold: z.number(),
  /** The member whose children these are; null for the viewer's frontline. */
  ref: z.string().nullable(),
  /** Level of the children below the viewer (1 = frontline). */
  level: z.number().int(),
  /** Members in the parent's whole downline. */
  downlineSize: z.number().int(),
  /** With filters: members of the parent's downline who match them; null without filters. */
  matching: z.number().int().nullable().default(null),
  /** The parent's children the tree lists, in all (on every page). */
  total: z.number().int(),
  /** Place of the first node among them (the body's offset). */
  offset: z.number().int(),
  /** Whether children follow this page (at offset + nodes.length). */
  hasMore: z.boolean(),
  /** In the body's order (group PV descending, or closest to Q first), ties in tree order; at most pageSize of them. */
  nodes: z.array(treeNodeSchema),
});
export type TreeData = z.infer<typeof treeDataSchema>;

export const treeSearchBodySchema = baseBodySchema.extend({
  ...treeViewFields,
  /** The list's name / ADA filter (`search` of the tree call): here `search` is who is sought. */
  filterSearch: memberFilterFields.search,
  /** The beginning of a name as shown to the viewer, or a whole ADA (8–12 digits, matched exactly). */
  search: z.string().trim().min(1).max(40),
});
export type TreeSearchBody = z.input<typeof treeSearchBodySchema>;

export const treeSearchDataSchema = z.object({
  total: z.number().int(),
  matches: z.array(
    z.object({
      ref: z.string(),
      maskedName: localTextSchema,
      maskedAda: z.string(),
      level: z.number().int(),
      /**
       * References from the frontline down to the member, the member last; empty for a member
       * deeper than TREE_SEARCH_MAX_LEVEL (the tree does not open that far), with `positions`.
       */
      path: z.array(z.string()),
      /** Each path member's place (from 0) among its parent's children in the tree answer's order. */
      positions: z.array(z.number().int()),
    }),
  ),
});
export type TreeSearchData = z.infer<typeof treeSearchDataSchema>;

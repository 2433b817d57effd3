// The team tree's order is in the address (?treeSort=pvToQ), so a reload, Back or a shared link
// keeps it, as the list's sort is. Choosing it reorders the tree in place: the opened branches and
// the focus stay (app/keep-alive-outlet.tsx leaves this parameter out of the view's key). Only the
// name lives here, outside the tree's folder: the app frame reads it, and a feature folder is a chunk of its own.
export const TREE_SORT_PARAM = 'treeSort';

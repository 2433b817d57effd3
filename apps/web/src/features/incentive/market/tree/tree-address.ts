// The team tree's order is in the address (?treeSort=pvToQ), so a reload, Back or a shared link
// keeps it, as the list's sort is. Choosing it reorders the tree in place: the opened branches and
// the focus stay (app/keep-alive-outlet.tsx leaves this parameter out of the view's key). Only the
// name lives here: the app frame reads it, and the tree's own code loads with the tree.
export const TREE_SORT_PARAM = 'treeSort';

// The PY the year-on-year view shows is in the address (?yoy=25/26), so a reload, Back or a shared
// link keeps it. Not `year`: the view is one card of /achievement and /income/type, whose other
// cards stay on the current PY, and choosing a PY keeps the page's view and where it was scrolled
// to (app/keep-alive-outlet.tsx leaves this parameter out of the view's key). Only the name lives
// here: the app frame reads it, and the view's own code loads with the view.
export const YOY_PARAM = 'yoy';

// The month the service-fee page's "compared with" card sets the statement against is in the
// address (?compare=2026-08), so a reload, Back or a shared link keeps it. Only the name lives
// here, so that code outside the card (the view cache's key) can name it without loading the card.
export const COMPARE_PARAM = 'compare';

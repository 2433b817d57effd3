/**
 * Opaque reference to a market member: their number (distributors.member_no, given once and never
 * changed, migration 0014), resolved and access-checked again by the market calls (`?ref=`).
 * Market rows and stored notifications link members by it, so a link kept for weeks still names
 * the same member after others joined.
 */
export function refOf(memberNo: number): string {
  return `m${memberNo}`;
}

/** The member number a reference names (the contract checks its form: `m` and 1–9 digits). */
export function memberNoOfRef(ref: string): number {
  return Number(ref.slice(1));
}

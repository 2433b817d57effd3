/**
 * Opaque reference to a market member: their tree position, resolved and access-checked again by
 * the market details call (`?ref=`). Market rows and notifications link members by it.
 */
export function refOf(treePos: number): string {
  return `m${treePos}`;
}

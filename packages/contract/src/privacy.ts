/**
 * Privacy masking of spec §5, shared so the BFF masks before anything leaves
 * it and the web app shows the same form: longer than 6 characters → first 3
 * + six asterisks + last 2; otherwise first 2 + three asterisks + last 1.
 * Counted in characters (Chinese names), not UTF-16 units.
 */
export function maskPrivacy(value: string | null | undefined): string {
  if (!value) return '';
  const chars = Array.from(value);
  if (chars.length > 6) return `${chars.slice(0, 3).join('')}******${chars.slice(-2).join('')}`;
  if (chars.length <= 2) return `${chars[0]}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

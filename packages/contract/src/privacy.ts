/**
 * Privacy masking of docs/contract.md §5, shared so the BFF masks before anything leaves
 * it and the web app shows the same form: longer than 6 characters → first 3
 * + six asterisks + last 2; otherwise first 2 + three asterisks + last 1.
 * Counted in characters (Chinese names), not UTF-16 units.
 *
 * For identifiers only (ADA, phone, national ID, bank card): on a person's name
 * it hides nothing of the commonest lengths (陈志强 → 陈志***强), so names are
 * masked by maskName below.
 */
export function maskPrivacy(value: string | null | undefined): string {
  if (!value) return '';
  const chars = Array.from(value);
  if (chars.length > 6) return `${chars.slice(0, 3).join('')}******${chars.slice(-2).join('')}`;
  if (chars.length <= 2) return `${chars[0]}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

/** A single word in Latin letters (with accents, apostrophes, dots, hyphens): masked as a word, not per character. */
const LATIN_WORD = /^[\p{Script=Latin}\p{M}'’.-]+$/u;

/**
 * A person's name as shown to someone who does not know them (README, security: names).
 * Always hides at least one character and never adds one that is not in the name:
 * - several words (Latin names, "Chen Zhiqiang"): the first word and the initial of the
 *   next, "Chen Z***" (just "Chen ***" when a single letter follows);
 * - one Latin word ("Madonna"): its first letter, "M***";
 * - otherwise per character (Chinese names): 1 → "*", 2 → first + "*" (李明 → 李*),
 *   3 → first + "*" + last (陈志强 → 陈*强), 4 or more → the first two (a compound
 *   surname) and one "*" per other character (欧阳明月 → 欧阳**).
 * Counted in code points, like maskPrivacy.
 */
export function maskName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return '';
  const words = trimmed.split(/\s+/u);
  if (words.length > 1) {
    const rest = Array.from(words.slice(1).join(''));
    return rest.length > 1 ? `${words[0]} ${rest[0]}***` : `${words[0]} ***`;
  }
  const chars = Array.from(trimmed);
  if (LATIN_WORD.test(trimmed)) return chars.length > 1 ? `${chars[0]}***` : '***';
  switch (chars.length) {
    case 1:
      return '*';
    case 2:
      return `${chars[0]}*`;
    case 3:
      return `${chars[0]}*${chars[2]}`;
    default:
      return `${chars[0]}${chars[1]}${'*'.repeat(chars.length - 2)}`;
  }
}

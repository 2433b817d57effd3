const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** GB 11643-1999 check character of the first 17 digits of a resident id number. */
export function chineseIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** 18-character PRC resident id: 17 digits, a real birth date, and the checksum. */
export function isValidChineseId(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  return chineseIdCheckChar(id.slice(0, 17)) === id[17];
}

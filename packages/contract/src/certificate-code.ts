// The verification code an income certificate carries (README "Certificates' verification
// codes"): 14 characters of Crockford's base32 (70 random bits, no I, L, O or U), printed in
// groups of four as `7KQ4-M2X9-HD3P-W8`. Without zod, so the public check page reads codes cheaply.

/** The public check of a code (certificate-check.ts): `GET …?code=`. Here so a page reads it without zod. */
export const CERTIFICATE_CHECK_PATH = '/bff/v1/public/certificateCheck';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters of a code: 14 × 5 = 70 random bits. */
export const CERTIFICATE_CODE_LENGTH = 14;
/** Random bytes a code is made of (72 bits, the last two unused). */
export const CERTIFICATE_CODE_BYTES = 9;

/** A code from random bytes (at least 9): its canonical form, no dashes. */
export function certificateCodeOf(bytes: Uint8Array): string {
  if (bytes.length < CERTIFICATE_CODE_BYTES) throw new Error('a certificate code needs 9 random bytes');
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes.subarray(0, CERTIFICATE_CODE_BYTES)) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5 && out.length < CERTIFICATE_CODE_LENGTH) {
      bits -= 5;
      out += ALPHABET[(acc >> bits) & 31];
    }
    acc &= (1 << bits) - 1;
  }
  return out;
}

/** `7KQ4M2X9HD3PW8` → `7KQ4-M2X9-HD3P-W8`. */
export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * What a person typed, as a canonical code, or null when it cannot be one: dashes and spaces
 * dropped, any case, and the letters Crockford's base32 reads as digits (O → 0, I and L → 1).
 */
export function parseCertificateCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CERTIFICATE_CODE_LENGTH) return null;
  for (const c of code) if (!ALPHABET.includes(c)) return null;
  return code;
}

/** A digest's first 16 hex characters in groups of four, as the certificate prints it. */
export function shortDigest(digestHex: string): string {
  return formatCertificateCode(digestHex.slice(0, 16).toLowerCase());
}

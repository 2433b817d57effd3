import { describe, expect, it } from 'vitest';
import {
  certificateCodeOf,
  CERTIFICATE_CODE_LENGTH,
  formatCertificateCode,
  parseCertificateCode,
  shortDigest,
} from './certificate-code.ts';

describe('certificate verification codes', () => {
  it('makes 14 characters of Crockford base32 from 9 random bytes (70 bits)', () => {
    expect(certificateCodeOf(new Uint8Array(9))).toBe('00000000000000');
    expect(certificateCodeOf(new Uint8Array(9).fill(255))).toBe('ZZZZZZZZZZZZZZ');
    // 0x08 0x42 … : the bits 00001 00001 00001 … read five at a time.
    expect(certificateCodeOf(Uint8Array.from([0x08, 0x42, 0x10, 0x84, 0x21, 0x08, 0x42, 0x10, 0x84]))).toBe('11111111111111');
    const code = certificateCodeOf(Uint8Array.from([0x3a, 0xf1, 0x07, 0x9c, 0xe2, 0x55, 0x80, 0x1d, 0xbb]));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{14}$/);
    expect(code).toHaveLength(CERTIFICATE_CODE_LENGTH);
    expect(() => certificateCodeOf(new Uint8Array(8))).toThrow();
  });

  it('prints a code in groups of four and reads it back however it was typed', () => {
    expect(formatCertificateCode('7KQ4M2X9HD3PW8')).toBe('7KQ4-M2X9-HD3P-W8');
    for (const typed of ['7KQ4-M2X9-HD3P-W8', '7kq4m2x9hd3pw8', ' 7kq4 m2x9 hd3p w8 ', '7KQ4-M2X9-HD3P-W8\n']) {
      expect(parseCertificateCode(typed)).toBe('7KQ4M2X9HD3PW8');
    }
    // Crockford: O reads as 0, I and L as 1.
    expect(parseCertificateCode('OOOO-IIII-LLLL-00')).toBe('00001111111100');
  });

  it('refuses what cannot be a code', () => {
    for (const bad of ['', '7KQ4-M2X9-HD3P', '7KQ4-M2X9-HD3P-W8X', '7KQ4-M2X9-HD3P-U8', '7KQ4-M2X9-HD3P-W!', "' or 1=1 --"]) {
      expect(parseCertificateCode(bad), bad).toBeNull();
    }
  });

  it('shortens a digest to its first 16 hex characters, grouped', () => {
    expect(shortDigest('ABCDEF0123456789deadbeef')).toBe('abcd-ef01-2345-6789');
  });
});

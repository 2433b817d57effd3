import { describe, expect, it } from 'vitest';
import { canonicalAmounts, certificateDigest, type CertificateAmounts } from './certificate-digest.ts';

const PY: CertificateAmounts = {
  kind: 'pyCertificate',
  period: '25/26',
  rows: [
    { month: '2025-09', paidOn: '2025-10-15', amounts: { pretaxFen: 123_456, taxFen: 12_345, netFen: 111_111 } },
    { month: '2025-10', paidOn: null, amounts: null },
  ],
  totals: { pretaxFen: 123_456, taxFen: 12_345, netFen: 111_111 },
};

describe('the digest of a certificate amounts', () => {
  it('is SHA-256 of one line per row and the totals, in fen', () => {
    expect(canonicalAmounts(PY)).toBe(
      [
        'abo-certificate-amounts/1',
        'pyCertificate|25/26',
        '2025-09|2025-10-15|123456|12345|111111',
        '2025-10|-|-|-|-',
        'total|123456|12345|111111|-|-',
      ].join('\n'),
    );
    expect(certificateDigest(PY)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the same for the same amounts and changes with any amount, the period or the kind', () => {
    expect(certificateDigest(structuredClone(PY))).toBe(certificateDigest(PY));
    const changed = structuredClone(PY);
    changed.rows[0]!.amounts!.taxFen += 1;
    expect(certificateDigest(changed)).not.toBe(certificateDigest(PY));
    expect(certificateDigest({ ...PY, period: '24/25' })).not.toBe(certificateDigest(PY));
    expect(certificateDigest({ ...PY, totals: { ...PY.totals, annualTaxFen: 0 } })).not.toBe(certificateDigest(PY));
  });
});

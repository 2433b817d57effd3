import { maskPrivacy, type MarketPerson } from '@abo/contract';

export interface PersonSource {
  ada: string;
  nameZh: string;
  nameEn: string;
  pinCode: number;
  joinDate: string;
  treePos: number;
}

/** Opaque row reference: the member's tree position (resolved and access-checked again by the details call). */
export function refOf(treePos: number): string {
  return `m${treePos}`;
}

/** A downline member as it leaves the BFF: names and ADA masked (spec §5), never the full values. */
export function personOf(p: PersonSource, level: number): MarketPerson {
  return {
    ref: refOf(p.treePos),
    maskedName: maskPrivacy(p.nameZh),
    maskedNameEn: maskPrivacy(p.nameEn),
    maskedAda: maskPrivacy(p.ada),
    pinCode: p.pinCode,
    joinDate: p.joinDate,
    level,
  };
}

/** The same from a snapshot row whose masks are already computed. */
export function personOfMasked(
  masked: [string, string, string],
  p: { pinCode: number; joinDate: string; treePos: number },
  level: number,
): MarketPerson {
  return {
    ref: refOf(p.treePos),
    maskedName: masked[0],
    maskedNameEn: masked[1],
    maskedAda: masked[2],
    pinCode: p.pinCode,
    joinDate: p.joinDate,
    level,
  };
}

import { maskPrivacy, type MarketPerson } from '@abo/contract';
import { refOf } from '../../lib/member-ref.ts';
import { nameFor, shownNameText, type NameViewer } from '../../lib/name-policy.ts';

export interface PersonSource {
  ada: string;
  sponsorAda: string | null;
  nameZh: string;
  nameEn: string;
  pinCode: number;
  joinDate: string;
  memberNo: number;
}

/**
 * A market member as it leaves the BFF: the ADA masked (docs/contract.md §5), the names as this viewer may
 * see them (name-policy.ts: in full only for the viewer and the viewer's frontline). The
 * `masked…` field names are the contract's; the value is the full name where the policy allows.
 */
export function personOf(p: PersonSource, level: number, viewer: NameViewer): MarketPerson {
  const names = nameFor(viewer, p);
  return personOfShown({ nameZh: names.nameZh, nameEn: names.nameEn, maskedAda: maskPrivacy(p.ada) }, p, level);
}

/** The same from names already decided for the viewer (market-snapshot.ts shownOf). */
export function personOfShown(
  shown: { nameZh: string; nameEn: string; maskedAda: string },
  p: { pinCode: number; joinDate: string; memberNo: number },
  level: number,
): MarketPerson {
  return {
    ref: refOf(p.memberNo),
    maskedName: shownNameText(shown),
    maskedAda: shown.maskedAda,
    pinCode: p.pinCode,
    joinDate: p.joinDate,
    level,
  };
}

// Whose names an answer shows in full (README, security: names). One rule for every route:
// a viewer sees their own name and the names of the people they personally sponsored (their
// frontline: they know them, and coaching needs it) in full; anyone else — deeper levels of
// the market, company-wide lists, an upline — only as maskName shows them. maskPrivacy
// (docs/contract.md §5) stays for identifiers: on a three-character name it hides nothing.
import { maskName, maskPrivacy, type LocalText } from '@abo/contract';
import type { Session } from './session.ts';

/** The person from whose point of view names are shown. */
export interface NameViewer {
  readonly ada: string;
}

/**
 * The viewer of a request: the signed-in distributor (the actor), also when they read a
 * downline member's page through queryAda (a leader does not know the member's frontline).
 * Staff (iinquiry) read a distributor's data on that distributor's behalf, to answer their
 * questions: they see exactly what the distributor sees, no more (every such read is audited).
 */
export function nameViewerOf(session: Session): NameViewer {
  return { ada: session.staff ? session.ada : session.actor };
}

export interface NamedPerson {
  ada: string;
  /** The person's sponsor (null at the top of the tree or when unknown). */
  sponsorAda: string | null;
  nameZh: string;
  nameEn: string;
}

export interface ShownName {
  nameZh: string;
  nameEn: string;
}

/** True when the viewer sees this person's name in full: themself, or someone they sponsored. */
export function showsInFull(viewer: NameViewer, person: Pick<NamedPerson, 'ada' | 'sponsorAda'>): boolean {
  return viewer.ada !== '' && (person.ada === viewer.ada || person.sponsorAda === viewer.ada);
}

/** The masked form of a person's names (kept by caches that hold it per member). */
export function maskedNames(person: Pick<NamedPerson, 'nameZh' | 'nameEn'>): ShownName {
  return { nameZh: maskName(person.nameZh), nameEn: maskName(person.nameEn) };
}

/**
 * A person's names as this viewer may see them. `masked` gives an already computed masked
 * form (the market snapshot keeps one per member); otherwise it is computed here.
 */
export function nameFor(viewer: NameViewer, person: NamedPerson, masked?: () => ShownName): ShownName {
  if (showsInFull(viewer, person)) return { nameZh: person.nameZh, nameEn: person.nameEn };
  return masked ? masked() : maskedNames(person);
}

/**
 * A shown name as an answer's `{ zh, en }` text. name_en is optional: without a Latin name the
 * English text is the Chinese one, so English pages show a name rather than nothing.
 */
export function shownNameText(shown: ShownName): LocalText {
  return { zh: shown.nameZh, en: shown.nameEn.trim() === '' ? shown.nameZh : shown.nameEn };
}

/** A person's names as this viewer may see them (nameFor), as an answer's `{ zh, en }` text. */
export function nameTextFor(viewer: NameViewer, person: NamedPerson): LocalText {
  return shownNameText(nameFor(viewer, person));
}

/**
 * The distributor's own ADA on their pages: masked (docs/contract.md §5), except to staff (iinquiry), who look
 * the distributor up by it and read it out on the call, as the staff banner shows it. Another
 * person's ADA stays masked for staff too, as the distributor sees it.
 */
export function ownAdaFor(session: Pick<Session, 'staff' | 'ada'>, ada: string): string {
  return session.staff && ada === session.ada ? ada : maskPrivacy(ada);
}

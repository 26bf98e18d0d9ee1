// The 0DTE paradigm in words (methodology §4.5): each base name and suffix with a short explanation for the
// panel's tooltip and the dictionary entry that says more; why a target or LIS is absent; how far a level
// is from spot.
import type { ZeroDteResponse } from '../../api/data';
import { formatPercent, formatSigned } from '../shared/format';

export interface ParadigmPart {
  /** The word as the panel shows it: 'GEX', 'MESSY', 'Undefined'. */
  word: string;
  /** The dictionary entry's id. */
  term: string;
  short: string;
}

export const PARADIGM_BASES: Record<string, ParadigmPart> = {
  GEX: { word: 'GEX', term: 'gex', short: '0DTE charm negative on both sides of spot: with time dealers buy; leans up towards the target.' },
  AG: { word: 'AG', term: 'ag', short: 'Anti-GEX: 0DTE charm positive on both sides of spot: with time dealers sell; leans down towards the target.' },
  BOFA: { word: 'BOFA', term: 'bofa', short: 'Range: charm negative below spot, positive above; dealers buy dips and sell rallies between the two LIS.' },
  SIDIAL: { word: 'SIDIAL', term: 'sidial', short: 'Charm positive below spot, negative above; hedging pushes price away from spot towards either LIS.' },
};

export const PARADIGM_SUFFIXES: Record<string, ParadigmPart> = {
  PURE: { word: 'PURE', term: 'pure', short: 'Both sides lean clearly; spot is near neither the target nor an LIS.' },
  TARGET: { word: 'TARGET', term: 'target-suffix', short: 'Spot has reached the target.' },
  LIS: { word: 'LIS', term: 'lis-suffix', short: 'Spot is on a line in the sand, where the reading would change.' },
  MESSY: { word: 'MESSY', term: 'messy', short: 'A side of spot does not lean clearly (under 60 % net): a weak reading.' },
};

export const UNDEFINED_PART: ParadigmPart = { word: 'Undefined', term: 'undefined', short: 'No 0DTE charm on one side of spot: no paradigm, target or LIS.' };
export const NO_PARADIGM_PART: ParadigmPart = { word: 'None', term: 'paradigm', short: 'No options expire today in this snapshot, so there is no paradigm.' };

/** The parts of a served paradigm name: base and suffix ('GEX-MESSY'), Undefined, or none (''). */
export function paradigmParts(name: string | null | undefined): ParadigmPart[] {
  const n = (name ?? '').trim();
  if (!n) return [NO_PARADIGM_PART];
  if (n.toUpperCase() === 'UNDEFINED') return [UNDEFINED_PART];
  const [base, suffix] = n.toUpperCase().split('-', 2);
  const parts: ParadigmPart[] = [];
  if (PARADIGM_BASES[base]) parts.push(PARADIGM_BASES[base]);
  if (suffix && PARADIGM_SUFFIXES[suffix]) parts.push(PARADIGM_SUFFIXES[suffix]);
  return parts;
}

export type AbsenceReason = NonNullable<ZeroDteResponse['targetReason']>;

/** What the panel says when the server names why a level is absent (methodology §4.5). */
export const ABSENCE_TEXT: Record<AbsenceReason, string> = {
  after_close: 'after the close: today’s 0DTE options have expired',
  no_expiration_today: 'no expiration of this ticker in the session',
  no_charm_near_spot: 'Undefined: no 0DTE charm on one side of spot',
  range_paradigm: 'range paradigm: two LIS, no target',
  no_crossing_in_range: 'charm does not turn within the scanned range',
};

export function absenceText(reason: AbsenceReason | null | undefined): string {
  return reason ? ABSENCE_TEXT[reason] ?? 'not available' : 'not available';
}

/** A level's distance from spot: '+22.5 pts (+0.38%)'; null without a level or a spot. */
export function levelDistance(level: number | null | undefined, spot: number | null | undefined): string | null {
  if (level == null || spot == null || !Number.isFinite(level) || !Number.isFinite(spot) || spot <= 0) return null;
  const d = level - spot;
  const pts = formatSigned(d, { decimals: 2 });
  return `${pts} pts (${formatPercent((100 * d) / spot)})`;
}

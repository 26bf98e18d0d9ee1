import type { DictionaryTerm } from '../../content/dictionary';

/** The letter filter: one of A–Z, the digits group, or no filter. */
export type LetterFilter = string | null;

export const DIGITS_FILTER = '0-9';
export const LETTER_FILTERS: string[] = [
  ...Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i)),
  DIGITS_FILTER,
];

/** True when `title` starts with the chosen letter (case-insensitive) or, for '0-9', with a digit. */
export function startsWithFilter(title: string, letter: LetterFilter): boolean {
  if (!letter) return true;
  const first = title.trim().charAt(0);
  if (letter === DIGITS_FILTER) return first >= '0' && first <= '9';
  return first.toUpperCase() === letter.toUpperCase();
}

/**
 * Terms whose title contains `query` (case-insensitive, surrounding spaces ignored) and starts with
 * `letter`; both conditions apply together. Results are sorted by title, digits first.
 */
export function filterDictionary(
  terms: readonly DictionaryTerm[],
  query: string,
  letter: LetterFilter,
): DictionaryTerm[] {
  const needle = query.trim().toLocaleLowerCase('en-US');
  return terms
    .filter((t) => startsWithFilter(t.title, letter))
    .filter((t) => needle === '' || t.title.toLocaleLowerCase('en-US').includes(needle))
    .sort((a, b) => a.title.localeCompare(b.title, 'en-US', { sensitivity: 'base', numeric: true }));
}

/** Letters that have at least one term, so empty letters can be shown as unavailable. */
export function lettersWithTerms(terms: readonly DictionaryTerm[]): Set<string> {
  const out = new Set<string>();
  for (const f of LETTER_FILTERS) if (terms.some((t) => startsWithFilter(t.title, f))) out.add(f);
  return out;
}

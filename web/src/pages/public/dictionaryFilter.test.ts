import { describe, expect, it } from 'vitest';
import { dictionaryTerms } from '../../content/dictionary';
import { DIGITS_FILTER, LETTER_FILTERS, filterDictionary, lettersWithTerms, startsWithFilter } from './dictionaryFilter';

const terms = [
  { title: 'Gamma', description: 'g' },
  { title: 'Delta-Adjusted Gamma', description: 'dag' },
  { title: 'Delta', description: 'd' },
  { title: '0DTE', description: 'zero' },
  { title: 'vanna', description: 'lower-case title' },
];

describe('filterDictionary', () => {
  it('returns every term, sorted with digits first, when no filter is set', () => {
    expect(filterDictionary(terms, '', null).map((t) => t.title)).toEqual(['0DTE', 'Delta', 'Delta-Adjusted Gamma', 'Gamma', 'vanna']);
  });

  it('search matches anywhere in the title, ignoring case and surrounding spaces', () => {
    expect(filterDictionary(terms, '  GAMM ', null).map((t) => t.title)).toEqual(['Delta-Adjusted Gamma', 'Gamma']);
  });

  it('search does not match descriptions', () => {
    expect(filterDictionary(terms, 'lower-case', null)).toEqual([]);
  });

  it('letter filter matches the first character only', () => {
    expect(filterDictionary(terms, '', 'G').map((t) => t.title)).toEqual(['Gamma']);
    expect(filterDictionary(terms, '', 'V').map((t) => t.title)).toEqual(['vanna']);
  });

  it('the 0-9 filter keeps titles starting with a digit', () => {
    expect(filterDictionary(terms, '', DIGITS_FILTER).map((t) => t.title)).toEqual(['0DTE']);
  });

  it('search and letter combine', () => {
    expect(filterDictionary(terms, 'gamma', 'D').map((t) => t.title)).toEqual(['Delta-Adjusted Gamma']);
    expect(filterDictionary(terms, 'gamma', 'V')).toEqual([]);
  });

  it('startsWithFilter treats a null letter as no filter', () => {
    expect(startsWithFilter('anything', null)).toBe(true);
  });
});

describe('dictionary content', () => {
  it('holds the general glossary plus the product\'s own figures: unique terms with descriptions', () => {
    expect(dictionaryTerms.length).toBeGreaterThanOrEqual(55);
    expect(dictionaryTerms.length).toBeLessThanOrEqual(90);
    expect(new Set(dictionaryTerms.map((t) => t.title.toLowerCase())).size).toBe(dictionaryTerms.length);
    for (const t of dictionaryTerms) expect(t.description.length).toBeGreaterThan(10);
  });

  it('offers A-Z plus 0-9, and the digits group has terms', () => {
    expect(LETTER_FILTERS).toHaveLength(27);
    expect(lettersWithTerms(dictionaryTerms).has(DIGITS_FILTER)).toBe(true);
  });
});

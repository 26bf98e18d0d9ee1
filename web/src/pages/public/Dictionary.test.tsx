import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dictionaryEntry, dictionaryHref, dictionaryTerms } from '../../content/dictionary';
import { Dictionary, termFromHash } from './Dictionary';

// The terms the product explains in place (0DTE panel tooltips, "?" buttons) and what each must mention.
const EXPLAINED: Record<string, RegExp[]> = {
  paradigm: [/GEX/, /AG/, /BOFA/, /SIDIAL/, /PURE/, /TARGET/, /LIS/, /MESSY/, /Undefined/],
  gex: [/negative on both sides/, /target/i, /line in the sand/i],
  ag: [/positive on both sides/, /target/i],
  bofa: [/negative below spot and positive above/, /no target/],
  sidial: [/positive below spot and negative above/, /no target/],
  pure: [/60 %/],
  'target-suffix': [/0\.15 %/],
  'lis-suffix': [/0\.15 %/],
  messy: [/60 %/],
  undefined: [/no charm/],
  target: [/GEX or AG/, /points and per cent/],
  lis: [/two/, /points and per cent/],
  dads: [/dollars per contract/, /delta/],
  dap: [/absolute delta/, /dollars/i],
  'vanna-stochastic': [/−1 to 1/, /10 %/],
  'dealer-premium': [/cash flow/, /0DTE/],
  'aggregate-charm': [/dollars of delta per day/, /Negative/],
};

afterEach(() => window.history.replaceState(null, '', '/'));

describe('dictionary entries the product opens', () => {
  it('each explained term has an entry that says what it is', () => {
    for (const [id, patterns] of Object.entries(EXPLAINED)) {
      const entry = dictionaryEntry(id);
      expect(entry, id).toBeDefined();
      for (const p of patterns) expect(entry!.description, `${id} ${p}`).toMatch(p);
    }
  });

  it('ids are unique and link to the Help page', () => {
    const ids = dictionaryTerms.flatMap((t) => (t.id ? [t.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect(dictionaryHref('dads')).toBe('/help?tab=dictionary#term-dads');
    expect(termFromHash('#term-dads')).toBe('dads');
    expect(termFromHash('#vanna')).toBeNull();
  });

  it('search finds DADS, DAP and the paradigm names by their short names', () => {
    render(<Dictionary terms={dictionaryTerms} />);
    for (const [q, title] of [['DADS', 'Delta-Adjusted Dealer Spread (DADS)'], ['DAP', 'Delta-Adjusted Dealer Premium (DAP)'], ['SIDIAL', 'SIDIAL (Paradigm)'], ['MESSY', 'MESSY (Paradigm Suffix)'], ['vanna stoch', 'Vanna Stochastic']]) {
      fireEvent.change(screen.getByLabelText('Search terms'), { target: { value: q } });
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(screen.getByTestId('dictionary-results').children.length).toBeLessThanOrEqual(3);
    }
  });

  it('marks the entry a "?" link names', () => {
    window.history.replaceState(null, '', '/help?tab=dictionary#term-dap');
    render(<Dictionary terms={dictionaryTerms} />);
    const linked = document.getElementById('term-dap')!;
    expect(linked).toHaveAttribute('aria-current', 'true');
    expect(linked).toHaveTextContent('Delta-Adjusted Dealer Premium (DAP)');
    expect(document.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
  });
});

import { fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ZeroDteResponse } from '../../api/data';
import { dictionaryEntry } from '../../content/dictionary';
import { preview } from '../shared/sample';
import ZeroDteRenderer from './Renderer';
import { ABSENCE_TEXT, PARADIGM_BASES, PARADIGM_SUFFIXES, UNDEFINED_PART, absenceText, levelDistance, paradigmParts } from './paradigm';
import { isEmptyZeroDte, zeroDteView } from './transform';
import type { ReactElement, ReactNode } from 'react';
import { ExplainProvider } from '../../components/Explain';
import { dictionaryExplain } from '../../app/explain';

const withEntries = ({ children }: { children: ReactNode }) => <ExplainProvider lookup={dictionaryExplain}>{children}</ExplainProvider>;
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: withEntries });

const answer = (over: Partial<Record<keyof ZeroDteResponse, unknown>> = {}) => preview<ZeroDteResponse>({
  paradigm: 'GEX-MESSY', target: 5925, lis: 5880, targetReason: null, lisReason: null, currentPrice: 5900,
  zerodte_agg_charm: -6.5e7, total_0dte_opt_vol: 1.9e6, lastModified: '2026-01-08T18:30:00Z', ...over,
});
const show = (data: ZeroDteResponse) => render(<ZeroDteRenderer data={data} configuration={{ ticker: 'SPX' } as never} width={400} height={300} />);

describe('paradigm names', () => {
  it('splits a served name into its base and suffix', () => {
    expect(paradigmParts('GEX-MESSY').map((p) => p.word)).toEqual(['GEX', 'MESSY']);
    expect(paradigmParts('SIDIAL-MESSY').map((p) => p.word)).toEqual(['SIDIAL', 'MESSY']);
    expect(paradigmParts('BOFA-PURE').map((p) => p.word)).toEqual(['BOFA', 'PURE']);
    expect(paradigmParts('AG-TARGET').map((p) => p.word)).toEqual(['AG', 'TARGET']);
    expect(paradigmParts('BOFA-LIS').map((p) => p.word)).toEqual(['BOFA', 'LIS']);
    expect(paradigmParts('Undefined')).toEqual([UNDEFINED_PART]);
    expect(paradigmParts('').map((p) => p.word)).toEqual(['None']);
  });

  it('every name and suffix has a dictionary entry that names it', () => {
    for (const p of [...Object.values(PARADIGM_BASES), ...Object.values(PARADIGM_SUFFIXES), UNDEFINED_PART]) {
      const entry = dictionaryEntry(p.term);
      expect(entry, p.term).toBeDefined();
      expect(entry!.title.toUpperCase()).toContain(p.word.toUpperCase());
      expect(p.short.length).toBeGreaterThan(20);
    }
  });
});

describe('distances and reasons', () => {
  it('a level reads its signed distance from spot in points and per cent', () => {
    expect(levelDistance(5925, 5900)).toBe('+25 pts (+0.42%)');
    expect(levelDistance(5880, 5900)).toBe('-20 pts (-0.34%)');
    expect(levelDistance(5880, null)).toBeNull();
    expect(levelDistance(null, 5900)).toBeNull();
  });

  it('the panel view carries each distance, a pair end by end', () => {
    const v = zeroDteView(answer());
    expect(v.targetNote).toBe('+25 pts (+0.42%)');
    expect(v.lisNote).toBe('-20 pts (-0.34%)');
    const range = zeroDteView(answer({ paradigm: 'BOFA-PURE', target: null, targetReason: 'range_paradigm', lis: [5850, 5950] }));
    expect(range.lis).toBe('5,850 – 5,950');
    expect(range.lisNote).toBe('-50 pts (-0.85%) · +50 pts (+0.85%)');
    expect(range.targetNote).toBe(ABSENCE_TEXT.range_paradigm);
  });

  it('an absent level says why, for every reason the server gives', () => {
    for (const [code, text] of Object.entries(ABSENCE_TEXT)) {
      const v = zeroDteView(answer({ paradigm: '', target: null, lis: null, targetReason: code, lisReason: code }));
      expect(v.targetNote).toBe(text);
      expect(v.lisNote).toBe(text);
    }
    expect(absenceText('after_close')).toMatch(/after the close/);
  });

  it('the as-of time is in New York time with spot', () => {
    expect(zeroDteView(answer()).asOf).toBe('As of Jan 8, 2026 13:30 New York · spot 5,900');
  });

  it('a panel after the close is not empty: it explains itself', () => {
    expect(isEmptyZeroDte(answer({ paradigm: '', target: null, lis: null, zerodte_agg_charm: null, targetReason: 'after_close', lisReason: 'after_close' }))).toBe(false);
  });
});

describe('0DTE panel', () => {
  it('hovering the paradigm shows what its base name and suffix mean', () => {
    show(answer({ paradigm: 'SIDIAL-MESSY' }));
    const name = screen.getByRole('button', { name: 'SIDIAL-MESSY' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(name);
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent(`SIDIAL: ${PARADIGM_BASES.SIDIAL.short}`);
    expect(tip).toHaveTextContent(`MESSY: ${PARADIGM_SUFFIXES.MESSY.short}`);
    expect(name).toHaveAccessibleDescription(tip.textContent!);
  });

  it('the keyboard reaches the paradigm (after its "?") and focus shows the tooltip', async () => {
    const user = userEvent.setup();
    show(answer({ paradigm: 'BOFA-PURE', target: null, targetReason: 'range_paradigm', lis: [5850, 5950] }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'What is Paradigm?' })).toHaveFocus();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(screen.getByRole('button', { name: 'BOFA-PURE' })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(`BOFA: ${PARADIGM_BASES.BOFA.short}`);
    expect(screen.getByRole('tooltip')).toHaveTextContent(`PURE: ${PARADIGM_SUFFIXES.PURE.short}`);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows target and LIS with their distances, the reason when one is absent, and the as-of time', () => {
    show(answer({ paradigm: 'GEX-PURE', lis: null, lisReason: 'no_crossing_in_range' }));
    expect(screen.getByTestId('zerodte-target')).toHaveTextContent('5,925');
    expect(screen.getByTestId('zerodte-target-note')).toHaveTextContent('+25 pts (+0.42%)');
    expect(screen.getByTestId('zerodte-lis')).toHaveTextContent('—');
    expect(screen.getByTestId('zerodte-lis-note')).toHaveTextContent(ABSENCE_TEXT.no_crossing_in_range);
    expect(screen.getByTestId('zerodte-asof')).toHaveTextContent('As of Jan 8, 2026 13:30 New York');
  });

  it('has a "?" beside the paradigm, target, LIS and aggregate charm that opens the entry', async () => {
    const user = userEvent.setup();
    show(answer());
    for (const label of ['Paradigm', 'Target', 'LIS', 'Aggregate charm']) {
      expect(screen.getByRole('button', { name: `What is ${label}?` })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'What is Aggregate charm?' }));
    const dialog = screen.getByRole('dialog', { name: 'Aggregate Charm' });
    expect(within(dialog).getByText(dictionaryEntry('aggregate-charm')!.description)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after the close: no paradigm, and the levels say why', () => {
    show(answer({ paradigm: '', target: null, lis: null, targetReason: 'after_close', lisReason: 'after_close', zerodte_agg_charm: null, lastModified: '2026-01-08T21:00:00Z' }));
    expect(screen.getByTestId('zerodte-paradigm')).toHaveTextContent('None');
    expect(screen.getByTestId('zerodte-target-note')).toHaveTextContent('after the close');
    expect(screen.getByTestId('zerodte-lis-note')).toHaveTextContent('after the close');
  });
});

describe('the academy lesson on paradigms', () => {
  it('uses the names and suffixes the panel shows', async () => {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const course = JSON.parse(readFileSync(resolve(__dirname, '../../../../api/lms/course/course.json'), 'utf8'));
    const section = course.sections.find((s: { key: string }) => s.key === 'paradigms-levels');
    const lesson = section.lessons.find((l: { key: string }) => l.key === 'paradigms-levels/paradigms');
    for (const p of Object.values(PARADIGM_BASES)) expect(lesson.content).toContain(`**${p.word}**`);
    for (const p of Object.values(PARADIGM_SUFFIXES)) expect(lesson.content).toContain(`**-${p.word}**`);
    expect(lesson.content).toContain(`**${UNDEFINED_PART.word}**`);
    const levels = section.lessons.find((l: { key: string }) => l.key === 'paradigms-levels/levels');
    expect(levels.content).toMatch(/distance from spot in points and per cent/);
  });
});

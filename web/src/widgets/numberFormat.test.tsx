// One number format across the value tiles, the statistics caption and the screener: en-US, compact
// where space is short, at most 3 decimals, with the same unit words the chart axes and tooltips use
// (never a raw '-350,234,587.96').
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ScreenerRenderer from './screener/Renderer';
import AggregateRenderer from './aggregate/Renderer';
import { formatScreenerValue, screenerUnit } from './shared/units';
import type { ScreenerConfiguration, TickerConfiguration } from '../domain/types';

const RAW = /\d{1,3}(,\d{3}){2,}/; // a long grouped figure such as 350,234,587

const screener = (flag: ScreenerConfiguration['flag'], greek: ScreenerConfiguration['greek']) =>
  ({ flag, greek, length: 25, superlative: 'greatest', timeFrame: 'month', stockPriceRange: { min: null, max: null } }) as ScreenerConfiguration;

describe('one number format', () => {
  it('the screener shows compact dollars with the greek unit words, not raw figures', () => {
    render(<ScreenerRenderer data={{ results: ['SPX:-350234587.96', 'NDX:1234.5'] }} configuration={screener('diff', 'gamma')} width={400} height={300} />);
    const rows = screen.getAllByTestId('screener-row');
    expect(within(rows[0]).getByText('-$350.23M')).toBeInTheDocument();
    expect(within(rows[1]).getByText('+$1.23K')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /\$ delta per 1 % move/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(RAW);
  });

  it('the screener shows a relative change as a percent and a price change in dollars', () => {
    expect(formatScreenerValue(0.02413, 'norm')).toBe('+2.41 %');
    expect(formatScreenerValue(-1.5, 'norm')).toBe('-150 %');
    expect(screenerUnit('norm', 'gamma')).toBe('% of the earlier value');
    expect(formatScreenerValue(-12.3456, 'diff')).toBe('-$12.35');
    expect(screenerUnit('mag', 'price')).toBe('$ per share');
    expect(screenerUnit('diff', 'charm' as never)).toBe('$ delta per calendar day');
  });

  it('the aggregate tile shows compact dollars with the unit the chart axes use', () => {
    const data = { aggregate: -350234587.96, greek: 'gamma', lastModified: '2026-11-27T18:30:00Z', source: 'demo', sourceDelay: 0, unit: { unit: '$ delta per 1 % move', conversions: [] } };
    render(<AggregateRenderer data={data as never} configuration={{ ticker: 'SPX', greek: 'gamma' } as unknown as TickerConfiguration} width={300} height={120} />);
    expect(screen.getByTestId('widget-value')).toHaveTextContent('-$350.23M');
    expect(screen.getByText(/\$ delta per 1 % move/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(RAW);
  });
});

// One bar per strike when the range or the zoom allows it: strikes are binned only when a bar would be
// narrower than a few pixels; a quick range toggle on the chart narrows the strikes shown.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExposureResponse } from '../../api/data';
import { exposureSeries } from './transform';

const plots = vi.hoisted(() => ({ last: null as null | { opts: { hooks?: Record<string, ((u: unknown, ...a: unknown[]) => void)[]> }; scales: Record<string, { min: number; max: number }> } }));
vi.mock('uplot', () => {
  class FakePlot {
    opts: unknown;
    scales = { x: { min: 0, max: 0 } };
    constructor(opts: unknown) {
      this.opts = opts;
      plots.last = this as never;
    }
    setData() {}
    setSize() {}
    setScale(_k: string, r: { min: number; max: number }) {
      this.scales.x = r;
    }
    destroy() {}
    static paths = { bars: () => () => null };
  }
  return { default: FakePlot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

// SPX-like chain: 5-point strikes from 5000 to 7000 around a 6000 spot.
const resp = {
  ticker: 'SPX', greek: 'gamma', kind: 'both', isCumulative: false, expirations: [], lastModified: null, currentPrice: 6000,
  expectedMove: null,
  data: Array.from({ length: 401 }, (_, i) => ({ strike: 5000 + 5 * i, value: i % 2 ? 1 : -1, call: 1, put: 0 })),
} as unknown as ExposureResponse;

describe('strike bars', () => {
  it('bins by the strikes in view: a zoomed-in range gets one bar per strike', () => {
    const all = exposureSeries(resp, { greek: 'gamma', window: 0.12, maxBars: 100 });
    expect(all.binSize).toBeGreaterThan(1);
    const zoomed = exposureSeries(resp, { greek: 'gamma', window: 0.12, maxBars: 100, visible: [5900, 6100] });
    expect(zoomed.binSize).toBe(1);
    expect(zoomed.strikes).toContain(6005);
  });

  it('one bar per strike when the range allows it (bars of a few pixels are fine)', async () => {
    const { ExposureBars } = await import('./Renderer');
    // ±12 % of 6000 = 289 strikes on a 1,300 px wide chart: bars of about 4 px, no binning.
    render(<ExposureBars data={resp} greek="gamma" strikeRange={12} width={1300} height={300} />);
    expect(screen.getByTestId('widget-chart').closest('.ws-chart')).toHaveAttribute('data-bin-size', '1');
  });

  it('the quick range toggle and a zoom on the strike axis both return to one bar per strike', async () => {
    const { ExposureBars } = await import('./Renderer');
    const user = userEvent.setup();
    render(<ExposureBars data={resp} greek="gamma" strikeRange={12} width={500} height={300} />);
    const chart = () => screen.getByTestId('widget-chart').closest('.ws-chart')!;
    expect(Number(chart().getAttribute('data-bin-size'))).toBeGreaterThan(1);
    const group = screen.getByRole('group', { name: 'Strike range' });
    expect(screen.getByRole('button', { name: 'Auto' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '±2 %' }));
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '±2 %' })).toHaveAttribute('aria-pressed', 'true');
    expect(chart()).toHaveAttribute('data-bin-size', '1');
    await user.click(screen.getByRole('button', { name: 'Auto' }));
    expect(Number(chart().getAttribute('data-bin-size'))).toBeGreaterThan(1);
    // A drag zoom on the strike axis: uPlot reports the new x scale through its setScale hook.
    const u = plots.last!;
    u.scales.x = { min: 5950, max: 6050 };
    act(() => u.opts.hooks!.setScale!.forEach((h) => h(u, 'x')));
    expect(chart()).toHaveAttribute('data-bin-size', '1');
  });
});

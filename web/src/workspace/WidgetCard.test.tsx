import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StalledBadge, WidgetCard } from './WidgetCard';
import type { Widget } from '../domain/types';
import { Providers, makeClient } from '../test/utils';
import { statsKeys } from '../api/stats';
import { dataKeys } from '../api/data';
import { exposureRequest } from '../widgets/exposure';
import type { ChartConfiguration } from '../domain/types';
import { GROUPS } from './groups';

const widget: Widget = {
  id: 'w1',
  name: null,
  type: 'CHART',
  size: 'M',
  position: { x: 0, y: 0 },
  configuration: { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false, date: null } as Widget['configuration'],
  group: GROUPS[0],
};

const actionNames = ['Group', 'Full screen', 'Widget menu'];

function actionButtons(card: HTMLElement) {
  return within(card)
    .getAllByRole('button')
    .filter((b) => actionNames.some((n) => (b.getAttribute('aria-label') ?? '').startsWith(n)));
}

describe('widget card', () => {
  it('on the grid: the group button, full screen and the menu (edit, duplicate, remove) work', () => {
    const actions = { edit: vi.fn(), duplicate: vi.fn(), remove: vi.fn(), setGroup: vi.fn() };
    render(
      <Providers>
        <WidgetCard widget={widget} actions={actions} dragging={false} highlighted={false} />
      </Providers>,
    );
    const card = screen.getByTestId('widget');
    expect(actionButtons(card)).toHaveLength(3);
    for (const b of actionButtons(card)) expect(b).toBeEnabled();
    screen.getByRole('button', { name: 'Widget menu' }).click();
    return screen.findByRole('menuitem', { name: 'Edit' }).then((edit) => {
      edit.click();
      expect(actions.edit).toHaveBeenCalledOnce();
    });
  });

  it('in the dialog preview: every editing action is disabled and no menu opens (app spec §4)', () => {
    render(
      <Providers>
        <WidgetCard preview widget={widget} sample />
      </Providers>,
    );
    const card = screen.getByTestId('widget-preview');
    expect(screen.queryByTestId('widget')).toBeNull();
    const buttons = actionButtons(card);
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Group Yellow', 'Full screen', 'Widget menu']);
    for (const b of buttons) {
      expect(b).toBeDisabled();
      b.click();
    }
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.queryByRole('menuitem')).toBeNull();
    expect(card.querySelector('.ws-widget-drag')).toBeNull();
    expect(card.classList.contains('is-fullscreen')).toBe(false);
    expect(card.querySelector('[data-sample="true"]')).not.toBeNull();
  });
});

describe('stalled badge in the freshness bar', () => {
  function renderBadge(answer: Record<string, unknown>, date: string | null = null) {
    const client = makeClient();
    client.setQueryData(statsKeys.nextRefresh(), { tier: 'live', nextRefresh: null, lastRefresh: null, serverTime: '2026-01-12T16:00:00Z', ...answer });
    return render(
      <Providers client={client}>
        <StalledBadge date={date} />
      </Providers>,
    );
  }
  it("shows 'STALLED' when next-refresh reports a stalled refresh", () => {
    renderBadge({ stalled: true, lastPublished: '2026-01-09T21:00:00Z' });
    const badge = screen.getByTestId('freshness-stalled');
    expect(badge).toHaveTextContent('STALLED');
    expect(badge.getAttribute('title')).toContain('stalled');
  });
  it('shows nothing when the refresh runs, or on a historical widget', () => {
    renderBadge({ stalled: false, lastPublished: '2026-01-12T15:55:00Z' });
    expect(screen.queryByTestId('freshness-stalled')).toBeNull();
    renderBadge({ stalled: true, lastPublished: '2026-01-09T21:00:00Z' }, '2026-01-09 15:00');
    expect(screen.queryByTestId('freshness-stalled')).toBeNull();
  });
});

describe('freshness bar: one state, the as-of time, on every widget', () => {
  // Friday 2026-01-09 13:45:40 New York on the market clock.
  function renderWith(w: Widget, tier: string, data: unknown, key: readonly unknown[], stalled = false) {
    const client = makeClient();
    client.setQueryData(statsKeys.nextRefresh(), { tier, nextRefresh: null, lastRefresh: null, serverTime: '2026-01-09T18:45:40Z', marketTime: '2026-01-09T18:45:40Z', stalled, lastPublished: stalled ? '2026-01-09T18:00:00Z' : null });
    client.setQueryData(key, data);
    return render(
      <Providers client={client}>
        <WidgetCard widget={w} actions={{ edit: vi.fn(), duplicate: vi.fn(), remove: vi.fn(), setGroup: vi.fn() }} dragging={false} highlighted={false} />
      </Providers>,
    );
  }
  const exposureData = { ticker: 'SPX', greek: 'gamma', kind: 'both', isCumulative: false, data: [{ strike: 5200, call: 1, put: -1 }], expirations: ['2026-01-09'], currentPrice: 5200, lastModified: '2026-01-08T21:00:00Z', source: 'synthetic', sourceDelay: 0 };

  it('a Basic subscriber reads PREVIOUS CLOSE alone (never LIVE beside it) and no "Live" subtitle', () => {
    renderWith(widget, 'basic', exposureData, dataKeys.widget('exposure', exposureRequest(widget.configuration as ChartConfiguration)));
    const bar = screen.getByTestId('freshness');
    expect(within(bar).getAllByTestId('freshness-state').map((e) => e.textContent)).toEqual(['PREVIOUS CLOSE']);
    expect(bar.textContent).not.toMatch(/\bLIVE\b/);
    expect(within(bar).getByTestId('freshness-asof').textContent).toBe('as of Jan 8, 16:00 ET');
    expect(screen.getByTestId('widget-subtitle').textContent).not.toMatch(/Live/);
  });

  it('a Volland 30 subscriber at 13:45 reads DELAYED with the 13:30 slot, the source and its delay beside it', () => {
    renderWith(widget, '30', { ...exposureData, lastModified: '2026-01-09T18:30:00Z' }, dataKeys.widget('exposure', exposureRequest(widget.configuration as ChartConfiguration)));
    const bar = screen.getByTestId('freshness');
    expect(within(bar).getByTestId('freshness-state').textContent).toBe('DELAYED');
    expect(within(bar).getByTestId('freshness-detail').textContent).toBe('Volland 30 · 13:30 slot, next 14:00');
    expect(within(bar).getByTestId('freshness-source').textContent).toBe('Synthetic demo · no delay');
  });

  it('a Live subscriber never reads LIVE beside STALLED: the stalled snapshot reads DELAYED and names the stall', () => {
    renderWith(widget, 'live', { ...exposureData, lastModified: '2026-01-09T18:00:00Z' }, dataKeys.widget('exposure', exposureRequest(widget.configuration as ChartConfiguration)), true);
    const bar = screen.getByTestId('freshness');
    expect(within(bar).getAllByTestId('freshness-state').map((e) => e.textContent)).toEqual(['DELAYED']);
    expect(within(bar).getByTestId('freshness-detail').textContent).toBe('Volland Live · 13:00 slot (refresh stalled), next 13:50');
    expect(within(bar).getByTestId('freshness-stalled')).toHaveTextContent('STALLED');
    expect(bar.textContent).not.toMatch(/\bLIVE\b/);
  });

  it('the Ticker Summary shows its time, and HISTORICAL in historical mode', () => {
    const ticker: Widget = { ...widget, type: 'TICKER', configuration: { ticker: 'SPX', date: '2025-11-20 15:00' } as Widget['configuration'] };
    const summary = { price: 5200.25, previousClose: 5180.5, vix: 14.2, previousVix: 14.9, notionalVolume: 2.4e11, vannaStochastic: 0.62, lastModified: '2025-11-20T20:00:00Z' };
    renderWith(ticker, 'live', summary, dataKeys.widget('ticker', { ticker: 'SPX', date: '2025-11-20 15:00' }));
    const bar = screen.getByTestId('freshness');
    expect(within(bar).getByTestId('freshness-state').textContent).toBe('HISTORICAL');
    expect(within(bar).getByTestId('freshness-detail').textContent).toBe('Nov 20, 2025 15:00 ET');
    expect(within(bar).getByTestId('freshness-asof').textContent).toBe('as of Nov 20, 15:00 ET');
    expect(screen.getByTestId('widget-subtitle').textContent).toBe('Historical Nov 20, 2025 15:00 ET');
  });
});

describe('widget menus by the keyboard (menu button pattern)', () => {
  function mountCard() {
    const actions = { edit: vi.fn(), duplicate: vi.fn(), remove: vi.fn(), setGroup: vi.fn() };
    render(
      <Providers>
        <WidgetCard widget={widget} actions={actions} dragging={false} highlighted={false} />
      </Providers>,
    );
    return actions;
  }

  it('the ⋮ menu opens from the keyboard with focus on its first item, arrows move, Escape closes and refocuses', () => {
    const actions = mountCard();
    const button = screen.getByRole('button', { name: 'Widget menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Edit' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Duplicate' }));
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Remove' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Edit' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(actions.edit).not.toHaveBeenCalled();
  });

  it('a press outside closes the ⋮ menu, and the group menu works the same way', () => {
    mountCard();
    fireEvent.click(screen.getByRole('button', { name: 'Widget menu' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.pointerDown(document.body);
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    const group = screen.getByRole('button', { name: /^Group / });
    group.focus();
    fireEvent.keyDown(group, { key: 'ArrowDown' });
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement?.getAttribute('role')).toBe('menuitemradio');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(group);
  });
});

describe('the e shortcut', () => {
  it('moves a chart to the next relative expiration preset, and back to All after the last', async () => {
    const { nextExpirations } = await import('./WidgetCard');
    const { RELATIVE_PRESETS } = await import('../domain/expirations');
    expect(nextExpirations({ option: 'ALL' })).toEqual({ option: 'TODAY' });
    expect(nextExpirations(undefined)).toEqual({ option: 'TODAY' });
    expect(nextExpirations({ option: RELATIVE_PRESETS[RELATIVE_PRESETS.length - 1].option })).toEqual({ option: 'ALL' });
    // A custom selection starts the cycle over.
    expect(nextExpirations({ option: 'CUSTOM', from: '2026-01-09', to: '2026-01-16' } as ChartConfiguration['expirations'])).toEqual({ option: 'ALL' });
  });
});

describe('under the replay clock, and the ⋮ menu exports', () => {
  const hist: Widget = { ...widget, configuration: { ...(widget.configuration as ChartConfiguration), date: '2026-01-08 10:00' } as Widget['configuration'] };
  const answer = { ticker: 'SPX', greek: 'gamma', kind: 'both', isCumulative: false, data: [{ strike: 5200, call: 0.1 + 0.2, put: -1e-7, value: 0.3 }], expirations: ['2026-01-09'], currentPrice: 5200, lastModified: '2026-01-09T15:35:00Z', source: 'synthetic', sourceDelay: 0, unit: { unit: '$ delta per 1 % move', conversions: [] }, levels: { zeroGamma: null, callWall: null, putWall: null }, expectedMove: null };
  function mount(w: Widget, clockDate: string | null) {
    const client = makeClient();
    client.setQueryData(statsKeys.nextRefresh(), { tier: 'live', nextRefresh: null, lastRefresh: null, serverTime: '2026-01-12T16:00:00Z', stalled: false });
    // Only the request at the clock's time has an answer.
    client.setQueryData(dataKeys.widget('exposure', exposureRequest({ ...(w.configuration as ChartConfiguration), date: clockDate ?? (w.configuration as ChartConfiguration).date })), answer);
    return render(
      <Providers client={client}>
        <WidgetCard widget={w} actions={{ edit: vi.fn(), duplicate: vi.fn(), remove: vi.fn(), setGroup: vi.fn() }} dragging={false} highlighted={false} clockDate={clockDate} />
      </Providers>,
    );
  }

  it('a historical widget asks for the clock\'s time and says so; its saved date is untouched', () => {
    mount(hist, '2026-01-09 10:35');
    const card = screen.getByTestId('widget');
    expect(card).toHaveAttribute('data-follows-replay', 'true');
    expect(within(card).getByTestId('freshness-detail').textContent).toBe('Jan 9, 2026 10:35 ET');
    expect(screen.getByTestId('widget-subtitle').textContent).toContain('Jan 9, 2026 10:35');
    expect((hist.configuration as ChartConfiguration).date).toBe('2026-01-08 10:00');
  });

  it('a live widget does not follow the clock', () => {
    mount(widget, '2026-01-09 10:35');
    expect(screen.getByTestId('widget')).not.toHaveAttribute('data-follows-replay');
  });

  it('offers PNG and CSV for a chart with data; the CSV holds the served numbers with units', async () => {
    const blobs: Blob[] = [];
    const create = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:test';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    mount(hist, '2026-01-09 10:35');
    fireEvent.click(screen.getByRole('button', { name: 'Widget menu' }));
    expect(screen.getByRole('menuitem', { name: 'Download PNG' })).toBeEnabled();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('SPX-Gamma-exposure-2026-01-09-1535.csv');
    const text = await new Promise<string>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.readAsText(blobs[0]);
    });
    expect(text).toBe('strike (price points),call ($ delta per 1 % move),put ($ delta per 1 % move),value ($ delta per 1 % move)\r\n5200,0.30000000000000004,-1e-7,0.3\r\n');
    click.mockRestore();
  });
});

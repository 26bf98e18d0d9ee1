import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StalledBadge, WidgetCard } from './WidgetCard';
import type { Widget } from '../domain/types';
import { Providers, makeClient } from '../test/utils';
import { statsKeys } from '../api/stats';
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

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import WidgetDialog from './WidgetDialog';
import type { Workspace } from '../domain/types';
import { registerKind } from '../widgets/registry';
import { Providers, installFetch } from '../test/utils';
import probe, { PROBE_ROW } from '../test/kinds/probe';

// The editor and the preview are lazy chunks: on a busy machine they take a while to arrive.
const SLOW = { timeout: 15_000 };
const workspace: Workspace = { id: 7, name: 'Morning', state: 'ACTIVE', order: 0, widgets: [] };

let unregister: (() => void) | null = null;
afterEach(() => {
  unregister?.();
  unregister = null;
});

function open() {
  const fetch = installFetch({ 'PUT workspaces/7': ({ body }) => ({ body: { ...workspace, ...(body as object), createdAt: '2026-03-11T00:00:00Z', updatedAt: '2026-03-11T00:00:00Z' } }) });
  render(
    <Providers initialEntries={['/app/workspaces/7/widgets/new']}>
      <WidgetDialog workspace={workspace} />
    </Providers>,
  );
  return fetch;
}

describe('the widget dialog with a kind registered from its folder only', () => {
  it('lists it, starts from its defaults and size, shows its editor and preview, checks it and saves it', async () => {
    unregister = registerKind(probe, PROBE_ROW);
    const { calls } = open();
    const nav = screen.getByRole('navigation', { name: 'Widget types' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent).at(-1)).toBe('Price Levels');
    fireEvent.click(within(nav).getByRole('button', { name: 'Price Levels' }));

    // The row's size first, among the sizes of its saved type.
    const size = screen.getByRole('combobox', { name: 'Size' }) as HTMLSelectElement;
    expect(size.value).toBe('M');
    expect([...size.options].map((o) => o.value)).toEqual(['S', 'M', 'L']);
    // Its own editor, on its defaults; its caption and subtitle in the preview.
    const input = (await screen.findByRole('textbox', { name: 'Probe ticker' }, SLOW)) as HTMLInputElement;
    expect(input.value).toBe('SPX');
    const preview = screen.getByTestId('widget-preview');
    expect(within(preview).getByRole('heading').textContent).toBe('SPX · Price levels');
    expect(within(preview).getByTestId('widget-subtitle').textContent).toBe('Probe subtitle');

    // Its validation: a missing ticker is refused on save, and nothing is sent.
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    expect(await screen.findByText('Ticker is required', {}, SLOW)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'QQQ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add widget' })));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1), SLOW);
    const saved = (calls.find((c) => c.method === 'PUT')!.body as Workspace).widgets;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ type: 'CHART', size: 'M', name: null, position: { x: 0, y: 0 }, configuration: { type: 'probe', ticker: 'QQQ', chartName: 'PRICE_LEVELS' } });
  }, 60_000);

  it('does not list it once it is gone', () => {
    open();
    const nav = screen.getByRole('navigation', { name: 'Widget types' });
    expect(within(nav).queryByRole('button', { name: 'Price Levels' })).toBeNull();
    expect(within(nav).getAllByRole('button')).toHaveLength(11);
  });
});

// Label and data never disagree, and the states say what happened and what to do (WidgetBody).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { ApiRequestError } from '../api/client';
import { Providers, makeClient } from '../test/utils';
import type { Widget } from '../domain/types';

// One fake kind: its picture names the setup it was computed for, its answers come from `answer`.
let answer: (setup: string) => Promise<{ bars: string }>;
vi.mock('./kinds', () => ({
  configurationOf: (w: { configuration: unknown }) => w.configuration,
  defOf: (w: { type: string }) =>
    w.type === 'NEWS'
      ? null
      : {
          Renderer: ({ data }: { data: { bars: string } }) => <div data-testid="picture">{`bars for ${data.bars}`}</div>,
          queryOptions: (c: { setup: string }) => ({ queryKey: ['fake', c.setup], queryFn: () => answer(c.setup) }),
          isEmpty: (d: { bars: string }) => d.bars === '',
          sample: () => ({ bars: 'sample' }),
        },
}));
vi.mock('./shared/useSize', () => ({ useSize: () => [{ current: null }, { width: 400, height: 300 }] }));

const { WidgetBody } = await import('./WidgetBody');

const widget = (setup: string, type = 'CHART') => ({ type, configuration: { setup } }) as unknown as Pick<Widget, 'type' | 'configuration'>;
const offline = () => Promise.reject(new ApiRequestError(0, 'network_error', 'The server could not be reached. Check your connection and try again.'));

function mount(setup: string, onChangeSetup = vi.fn()) {
  const client = makeClient();
  const view = render(
    <Providers client={client}>
      <WidgetBody widget={widget(setup)} onChangeSetup={onChangeSetup}>
        {(data) => <span data-testid="label">{`label for ${(data as { bars: string }).bars}`}</span>}
      </WidgetBody>
    </Providers>,
  );
  const rerender = (next: string) =>
    view.rerender(
      <Providers client={client}>
        <WidgetBody widget={widget(next)} onChangeSetup={onChangeSetup}>
          {(data) => <span data-testid="label">{`label for ${(data as { bars: string }).bars}`}</span>}
        </WidgetBody>
      </Providers>,
    );
  return { client, rerender, onChangeSetup };
}

/** The widget's content state once it is shown (the loading spinner is a status too). */
async function stateShown(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const el = document.querySelector<HTMLElement>(`.ws-state[data-state="${name}"]`);
    expect(el).not.toBeNull();
    expect(el!.getAttribute('role')).toBe(name === 'error' ? 'alert' : 'status');
    return el!;
  });
}

beforeEach(() => {
  answer = async (setup) => ({ bars: setup });
});

describe('label and data never disagree', () => {
  it('a new setup whose request fails does not draw the old setup\'s picture under it', async () => {
    const { rerender } = mount('ALL');
    expect(await screen.findByTestId('picture')).toHaveTextContent('bars for ALL');
    answer = offline;
    rerender('1DTE');
    // The all-expirations picture is never drawn under the 1DTE label; the failure says what to do.
    await waitFor(() => expect(screen.queryByTestId('picture')).toBeNull());
    expect(await screen.findByRole('alert')).toHaveTextContent('Check your connection');
    expect(screen.queryByTestId('label')).toBeNull();
  });

  it('offline, a new setup waits for the connection instead of drawing the old setup\'s picture', async () => {
    const { rerender } = mount('ALL');
    expect(await screen.findByTestId('picture')).toHaveTextContent('bars for ALL');
    onlineManager.setOnline(false);
    try {
      rerender('1DTE');
      await waitFor(() => expect(screen.queryByTestId('picture')).toBeNull());
      expect(await stateShown('offline')).toHaveTextContent('This setup loads when the connection is back.');
      expect(screen.queryByTestId('label')).toBeNull();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByTestId('picture')).toHaveTextContent('bars for 1DTE');
  });

  it('a refresh that fails keeps the old picture under its old label, marked "could not refresh"', async () => {
    const { client } = mount('ALL');
    expect(await screen.findByTestId('picture')).toHaveTextContent('bars for ALL');
    answer = offline;
    await act(() => client.refetchQueries({ queryKey: ['fake', 'ALL'] }));
    const status = await screen.findByTestId('refresh-failed');
    expect(status).toHaveTextContent('Could not refresh');
    expect(screen.getByTestId('picture')).toHaveTextContent('bars for ALL');
    expect(screen.getByTestId('label')).toHaveTextContent('label for ALL');
    // Retrying once the connection is back clears the mark.
    answer = async (setup) => ({ bars: `${setup} again` });
    fireEvent.click(screen.getByRole('button', { name: 'Try to reload' }));
    await waitFor(() => expect(screen.queryByTestId('refresh-failed')).toBeNull());
    expect(screen.getByTestId('picture')).toHaveTextContent('bars for ALL again');
  });
});

describe('messages lead the right way', () => {
  it('a ticker still being built says so with the server\'s estimate, and does not blame the setup', async () => {
    const msg = 'The data for NDX are still being built in the background (3 of 20 days so far); they appear in a few minutes.';
    answer = () => Promise.reject(new ApiRequestError(404, 'still_building', msg));
    mount('NDX');
    const state = await stateShown('building');
    expect(state).toHaveTextContent('Still being built');
    expect(state).toHaveTextContent('they appear in a few minutes');
    expect(state).not.toHaveTextContent('No data available for given configuration');
    expect(screen.queryByRole('button', { name: 'Change widget setup' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Try to reload' })).toBeInTheDocument();
  });

  it('a setup the server refuses shows its reason and offers to change the setup', async () => {
    answer = () => Promise.reject(new ApiRequestError(404, 'no_data', 'No SPX data was published on 2026-01-10 at or before 12:00.'));
    const { onChangeSetup } = mount('SPX');
    const state = await stateShown('empty');
    expect(state).toHaveTextContent('No SPX data was published on 2026-01-10 at or before 12:00.');
    fireEvent.click(screen.getByRole('button', { name: 'Change widget setup' }));
    expect(onChangeSetup).toHaveBeenCalledOnce();
  });

  it('an error says what happened and what to do, without sending the user to the setup', async () => {
    answer = () => Promise.reject(new ApiRequestError(503, 'store_unavailable', 'The market data store is not reachable right now.'));
    mount('SPX');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Widget loading error');
    expect(alert).toHaveTextContent('The market data store is not reachable right now.');
    expect(screen.getByRole('button', { name: 'Try to reload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change widget setup' })).toBeNull();
  });

  it('an empty answer for a setup suggests changing it; an unknown widget type does not', async () => {
    answer = async () => ({ bars: '' });
    mount('SPX');
    expect(await stateShown('empty')).toHaveTextContent('No data available for given configuration');
    expect(screen.getByRole('button', { name: 'Change widget setup' })).toBeInTheDocument();
  });

  it('a widget type this version does not know says so', () => {
    render(
      <Providers>
        <WidgetBody widget={widget('x', 'NEWS')} onChangeSetup={vi.fn()} />
      </Providers>,
    );
    expect(document.querySelector('.ws-state[data-state="empty"]')).toHaveTextContent('This widget type is not available');
    expect(screen.queryByRole('button', { name: 'Change widget setup' })).toBeNull();
  });
});

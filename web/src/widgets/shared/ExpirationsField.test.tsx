// The expirations picker inside the widget dialog: Escape closes only the picker (the dialog's own
// Escape listener on the document never hears it), focus goes into the picker and back to its button;
// a relative preset applies at once (no Apply); its stylesheet keeps it in the settings column's flow so
// neither a desktop column nor a phone clips it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, Providers } from '../../test/utils';
import { ExpirationsField } from './fields';

describe('expirations picker', () => {
  it('Escape inside the picker closes the picker only and returns focus to its button', async () => {
    installFetch({ 'GET volland-live-api-expirations': () => ({ body: { expirations: ['2026-11-27'] } }) });
    const dialogEscape = vi.fn();
    const onDoc = (e: KeyboardEvent) => e.key === 'Escape' && dialogEscape();
    document.addEventListener('keydown', onDoc);
    const user = userEvent.setup();
    render(
      <Providers>
        <ExpirationsField ticker="SPX" value={{ option: 'ALL' } as never} onChange={() => undefined} />
      </Providers>,
    );
    const button = screen.getByRole('button', { expanded: false });
    button.focus();
    await user.keyboard('{Enter}');
    const picker = screen.getByRole('dialog', { name: 'Choose expirations' });
    expect(picker.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Choose expirations' })).toBeNull();
    expect(button).toHaveFocus();
    expect(dialogEscape).not.toHaveBeenCalled();
    document.removeEventListener('keydown', onDoc);
  });

  it('a press outside closes the picker', async () => {
    installFetch({});
    const user = userEvent.setup();
    render(
      <Providers>
        <p>elsewhere</p>
        <ExpirationsField ticker="SPX" value={{ option: 'ALL' } as never} onChange={() => undefined} />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { expanded: false }));
    expect(screen.getByRole('dialog', { name: 'Choose expirations' })).toBeInTheDocument();
    await user.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('dialog', { name: 'Choose expirations' })).toBeNull();
  });

  it('a relative preset applies at once: no Apply, and the picker closes', async () => {
    installFetch({ 'GET volland-live-api-expirations': () => ({ body: { expirations: ['2026-11-27'] } }) });
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <ExpirationsField ticker="SPX" value={{ option: 'ALL' } as never} onChange={onChange} />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { expanded: false }));
    const picker = screen.getByRole('dialog', { name: 'Choose expirations' });
    expect(within(picker).getByRole('tab', { name: 'Relative' })).toHaveAttribute('aria-selected', 'true');
    // The relative mode has no Apply: the press itself commits.
    expect(within(picker).queryByRole('button', { name: 'Apply' })).toBeNull();
    await user.click(within(picker).getByRole('button', { name: 'Next week' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ option: 'NEXT_WEEK' });
    expect(screen.queryByRole('dialog', { name: 'Choose expirations' })).toBeNull();
    expect(screen.getByRole('button', { expanded: false })).toBeInTheDocument();
  });

  it('the picker takes room in the flow and never exceeds its column (desktop and phone)', () => {
    const css = readFileSync(resolve(__dirname, '../../workspace/workspace.css'), 'utf8');
    const rule = /\.ws-exp-popup\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    // An absolutely placed picker inside the settings column (overflow-y: auto) was clipped there.
    expect(rule).not.toMatch(/position:\s*absolute/);
    expect(rule).toMatch(/max-width:\s*100%/);
    expect(rule).toMatch(/box-sizing:\s*border-box/);
  });
});

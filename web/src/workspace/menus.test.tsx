// The workspace's action menus follow the menu button pattern, driven here by the keyboard only:
// Enter opens and focuses the first item, arrows/Home/End move, Escape closes and refocuses the button,
// and a press outside closes.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../test/utils';
import { SidePanel } from './SidePanel';
import type { Workspace } from '../domain/types';

const workspace = {
  id: 7,
  name: 'Desk',
  state: 'ACTIVE',
  order: 0,
  widgets: [],
} as unknown as Workspace;

function renderPanel() {
  return render(
    <Providers>
      <p>outside</p>
      <SidePanel workspace={workspace} desktop minimap={false} onToggleMinimap={() => undefined} />
    </Providers>,
  );
}

describe('workspace settings menu (keyboard)', () => {
  it('opens into the menu, moves with the arrows, Home and End, and Escape returns to the button', async () => {
    const user = userEvent.setup();
    renderPanel();
    const button = screen.getByRole('button', { name: 'Workspace settings' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.tab(); // Add widget
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Duplicate' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('ArrowUp on the button opens on the last item; a press outside closes', async () => {
    const user = userEvent.setup();
    renderPanel();
    const button = screen.getByRole('button', { name: 'Workspace settings' });
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.click(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('workspace drawer item menu (keyboard)', () => {
  it('Escape inside the ⋮ menu closes only the menu, not the drawer', async () => {
    const { Drawer } = await import('./Drawer');
    const { installFetch, makeClient } = await import('../test/utils');
    installFetch({ 'GET workspaces': () => ({ body: [{ ...workspace, id: 7 }] }) });
    const user = userEvent.setup();
    let closed = 0;
    render(
      <Providers client={makeClient()}>
        <Drawer open onClose={() => { closed += 1; }} currentId="7" />
      </Providers>,
    );
    const button = await screen.findByRole('button', { name: 'Workspace menu Desk' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(closed).toBe(0);
    await user.keyboard('{Escape}');
    expect(closed).toBe(1);
  });
});

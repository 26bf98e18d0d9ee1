import { render as rtlRender, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dictionaryEntry } from '../content/dictionary';
import type { ReactElement, ReactNode } from 'react';
import { ExplainButton, ExplainProvider } from './Explain';
import { dictionaryExplain } from '../app/explain';

const withEntries = ({ children }: { children: ReactNode }) => <ExplainProvider lookup={dictionaryExplain}>{children}</ExplainProvider>;
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: withEntries });

describe('ExplainButton', () => {
  it('is a real button named after the figure, closed at first', () => {
    render(<ExplainButton term="dads" label="Delta-adjusted dealer spread" />);
    const button = screen.getByRole('button', { name: 'What is Delta-adjusted dealer spread?' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the dictionary entry from the keyboard and Escape closes it, focus back on the button', async () => {
    const user = userEvent.setup();
    render(<ExplainButton term="dap" />);
    await user.tab();
    const button = screen.getByRole('button', { name: /What is Delta-Adjusted Dealer Premium/ });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Delta-Adjusted Dealer Premium (DAP)' });
    expect(dialog).toHaveTextContent(dictionaryEntry('dap')!.description);
    expect(dialog).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Open in the dictionary' })).toHaveAttribute('href', '/help?tab=dictionary#term-dap');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes with its close button, a second press, or a press outside', async () => {
    const user = userEvent.setup();
    render(
      <>
        <p>outside</p>
        <ExplainButton term="vanna-stochastic" label="Vanna stochastic" />
      </>,
    );
    const button = screen.getByRole('button', { name: 'What is Vanna stochastic?' });
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(button);
    await user.click(screen.getByText('outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders nothing for a term the dictionary does not have', () => {
    const { container } = render(<ExplainButton term="no-such-term" />);
    expect(container).toBeEmptyDOMElement();
  });
});

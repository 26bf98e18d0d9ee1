import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { HelpPage, resolveHelpTab } from './HelpPage';
import { helpFaq } from '../../content/faq';

function renderHelp(url = '/help') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <HelpPage />
    </MemoryRouter>,
  );
}

describe('HelpPage', () => {
  it('has the four tabs and the two manual buttons', () => {
    renderHelp();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['About', 'FAQ', 'Greeks', 'Dictionary']);
    expect(screen.getByRole('link', { name: 'Guía Del Español' })).toHaveAttribute('href', '/docs/user-guide-es.pdf');
    expect(screen.getByRole('link', { name: 'Download Full Manual' })).toHaveAttribute('target', '_blank');
  });

  it('FAQ tab shows four questions', () => {
    renderHelp('/help?tab=faq');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('button')).toHaveLength(4);
    expect(helpFaq).toHaveLength(4);
  });

  it('a greek hash opens the Greeks tab with anchored entries', () => {
    expect(resolveHelpTab(null, '#vanna')).toBe('greeks');
    expect(resolveHelpTab('dictionary', '#vanna')).toBe('dictionary');
    expect(resolveHelpTab('bogus', '')).toBe('about');
    const { container } = renderHelp('/help#charm');
    expect(screen.getByRole('tab', { name: 'Greeks' })).toHaveAttribute('aria-selected', 'true');
    for (const id of ['delta', 'gamma', 'delta-adjusted-gamma', 'vanna', 'charm', 'vega', 'theta']) {
      expect(container.querySelector(`article#${id}`)).not.toBeNull();
    }
  });

  it('dictionary search and letters filter the list and show No results', () => {
    renderHelp('/help?tab=dictionary');
    const search = screen.getByLabelText('Search terms');
    fireEvent.change(search, { target: { value: 'wall' } });
    expect(within(screen.getByTestId('dictionary-results')).getAllByRole('term').map((t) => t.textContent)).toEqual(['Call Wall', 'Put Wall']);
    fireEvent.click(screen.getByRole('button', { name: 'Terms starting with P' }));
    expect(within(screen.getByTestId('dictionary-results')).getAllByRole('term').map((t) => t.textContent)).toEqual(['Put Wall']);
    fireEvent.click(screen.getByRole('button', { name: 'Terms starting with X' }));
    expect(screen.getByText('No results')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Terms starting with a digit' }));
    expect(within(screen.getByTestId('dictionary-results')).getAllByRole('term').map((t) => t.textContent)).toEqual(['0DTE', '1DTE', '52-Week Range']);
  });
});

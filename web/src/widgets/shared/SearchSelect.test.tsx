import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchSelect, filterOptions } from './SearchSelect';

const TICKERS = ['AAPL', 'IWM', 'QQQ', 'SPX', 'SPY', 'TSLA', 'XSP'];

describe('select with search', () => {
  it('filters by case-insensitive contains, prefix matches first', () => {
    expect(filterOptions(TICKERS, 'sp')).toEqual(['SPX', 'SPY', 'XSP']);
    expect(filterOptions(TICKERS, 'SL')).toEqual(['TSLA']);
    expect(filterOptions(TICKERS, '')).toEqual(TICKERS);
  });

  it('types, moves with the arrow keys and picks with Enter', async () => {
    const onChange = vi.fn();
    render(<SearchSelect label="Ticker" value="AAPL" options={TICKERS} onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Ticker' });
    await userEvent.click(box);
    await userEvent.keyboard('sp');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['SPX', 'SPY', 'XSP']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('SPY');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Escape restores the value; an exact text in any case is picked on blur', async () => {
    const onChange = vi.fn();
    render(
      <>
        <SearchSelect label="Ticker" value="AAPL" options={TICKERS} onChange={onChange} />
        <button type="button">elsewhere</button>
      </>,
    );
    const box = screen.getByRole('combobox', { name: 'Ticker' });
    await userEvent.click(box);
    await userEvent.keyboard('zz{Escape}');
    expect(box).toHaveValue('AAPL');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.keyboard('qqq');
    await userEvent.click(screen.getByText('elsewhere'));
    expect(onChange).toHaveBeenCalledWith('QQQ');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelectAll, toggleAll } from './SelectAll';

describe("multi-select 'Select all'", () => {
  it('toggles every option', () => {
    expect(toggleAll(['a', 'b'], ['a'])).toEqual(['a', 'b']);
    expect(toggleAll(['a', 'b'], ['b', 'a'])).toEqual([]);
  });
  it('is mixed when some are selected and selects all on click', async () => {
    const onChange = vi.fn();
    render(<SelectAll all={['gamma', 'charm', 'vanna']} selected={['gamma']} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(box.indeterminate).toBe(true);
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(['gamma', 'charm', 'vanna']);
  });
});

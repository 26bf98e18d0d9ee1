import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Accordion } from './Accordion';

const items = [
  { id: 'a', title: 'First question', content: <p>First answer</p> },
  { id: 'b', title: 'Second question', content: <p>Second answer</p> },
  { id: 'c', title: 'Third question', content: <p>Third answer</p> },
];

describe('Accordion', () => {
  it('starts closed and toggles an item open and closed', () => {
    render(<Accordion items={items} />);
    const first = screen.getByRole('button', { name: 'First question' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('First answer')).not.toBeVisible();

    fireEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'First question' })).toBeVisible();

    fireEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('First answer')).not.toBeVisible();
  });

  it('items open independently', () => {
    render(<Accordion items={items} />);
    fireEvent.click(screen.getByRole('button', { name: 'First question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Third question' }));
    expect(screen.getByText('First answer')).toBeVisible();
    expect(screen.getByText('Second answer')).not.toBeVisible();
    expect(screen.getByText('Third answer')).toBeVisible();
  });

  it('arrow keys, Home and End move focus between headers', () => {
    render(<Accordion items={items} />);
    const [a, b, c] = screen.getAllByRole('button');
    a.focus();
    fireEvent.keyDown(a, { key: 'ArrowDown' });
    expect(b).toHaveFocus();
    fireEvent.keyDown(b, { key: 'End' });
    expect(c).toHaveFocus();
    fireEvent.keyDown(c, { key: 'ArrowDown' });
    expect(a).toHaveFocus();
    fireEvent.keyDown(a, { key: 'ArrowUp' });
    expect(c).toHaveFocus();
    fireEvent.keyDown(c, { key: 'Home' });
    expect(a).toHaveFocus();
  });
});

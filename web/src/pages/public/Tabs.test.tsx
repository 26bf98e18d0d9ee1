import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FeatureShowcase } from './sections';
import { featureTabs } from '../../content/features';

function renderShowcase() {
  return render(
    <MemoryRouter>
      <FeatureShowcase />
    </MemoryRouter>,
  );
}

describe('feature tabs', () => {
  it('opens on the metrics tab with its panel and preview', () => {
    renderShowcase();
    const metrics = screen.getByRole('tab', { name: featureTabs[0].label });
    expect(featureTabs[0].id).toBe('metrics');
    expect(metrics).toHaveAttribute('aria-selected', 'true');
    expect(metrics).toHaveAttribute('tabindex', '0');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName(featureTabs[0].label);
    expect(screen.getByRole('img', { name: /dealer exposure by strike/i })).toBeInTheDocument();
  });

  it('switches content by tab id on click', () => {
    renderShowcase();
    fireEvent.click(screen.getByRole('tab', { name: 'Track the greeks' }));
    expect(screen.getByRole('tab', { name: 'Track the greeks' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: featureTabs[0].label })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Track the greeks');
    expect(screen.getByText(featureTabs[1].title)).toBeVisible();
    expect(screen.getByRole('img', { name: /trends over twelve months/i })).toBeInTheDocument();
  });

  it('arrow keys move selection and focus, wrapping at the ends', () => {
    renderShowcase();
    const tabs = screen.getAllByRole('tab');
    tabs[0].focus();
    fireEvent.keyDown(tabs[0], { key: 'ArrowLeft' });
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[2]).toHaveFocus();
    fireEvent.keyDown(tabs[2], { key: 'ArrowRight' });
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[0], { key: 'End' });
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('tabindex', '-1');
  });
});

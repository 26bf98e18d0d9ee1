// The exposure chart's value axis follows the chosen greek: its title and unit never keep another greek's
// (the widget dialog's preview switching from charm to vega read 'Vega, $ delta per calendar day').
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ExposureResponse } from '../../api/data';
import { sampleExposure } from '../shared/sample';

vi.mock('../shared/UPlotChart', () => ({
  UPlotChart: ({ options, configKey }: { options: { axes: { label?: string }[] }; configKey: string }) => (
    <div data-testid="axis" data-config-key={configKey}>{options.axes[1].label}</div>
  ),
}));

// uPlot reads the device pixel ratio through matchMedia when it loads; jsdom has none.
window.matchMedia ??= ((query: string) => ({
  matches: false, media: query, onchange: null,
  addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
const { ExposureBars } = await import('./Renderer');

const answer = (greek: string, unit: string): ExposureResponse => ({ ...sampleExposure(greek), unit: { unit } } as unknown as ExposureResponse);
const charm = answer('charm', '$ delta per calendar day');
const vega = answer('vega', '$ per vol point');

describe('the value axis follows the chosen greek', () => {
  it('switching charm to vega: the title and unit are vega\'s, before and after the vega answer arrives', () => {
    const view = render(<ExposureBars data={charm} greek="charm" width={600} height={300} />);
    expect(screen.getByTestId('axis').textContent).toBe('Charm, $ delta per calendar day');
    // The charm answer is still the one at hand: its unit is not vega's.
    view.rerender(<ExposureBars data={charm} greek="vega" width={600} height={300} />);
    expect(screen.getByTestId('axis').textContent).not.toContain('delta per calendar day');
    view.rerender(<ExposureBars data={vega} greek="vega" width={600} height={300} />);
    expect(screen.getByTestId('axis').textContent).toBe('Vega, $ per vol point');
  });

  it('a unit change alone rebuilds the chart (its key names the axis title)', () => {
    const view = render(<ExposureBars data={answer('vega', '$ per vol point')} greek="vega" width={600} height={300} />);
    const before = screen.getByTestId('axis').getAttribute('data-config-key');
    view.rerender(<ExposureBars data={answer('vega', '$ per 1 vol point move')} greek="vega" width={600} height={300} />);
    expect(screen.getByTestId('axis').textContent).toBe('Vega, $ per 1 vol point move');
    expect(screen.getByTestId('axis').getAttribute('data-config-key')).not.toBe(before);
  });
});

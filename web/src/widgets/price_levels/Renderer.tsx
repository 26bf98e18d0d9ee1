import { useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { PriceLevelsResponse } from '../../api/data';
import type { RendererProps } from '../types';
import { UPlotChart } from '../shared/UPlotChart';
import { useThemeMode } from '../shared/useThemeMode';
import { priceLevelsOptions, type PriceLevelsState } from './chart';
import { priceLevelsView } from './transform';
import type { PriceLevelsConfiguration } from './transform';

export default function PriceLevelsRenderer({ data, width, height }: RendererProps<PriceLevelsResponse, PriceLevelsConfiguration>) {
  const theme = useThemeMode();
  const view = useMemo(() => priceLevelsView(data), [data]);
  const state = useRef<PriceLevelsState>({ view });
  state.current.view = view;
  const levelKeys = view.levels.map((l) => l.key).join(',');
  // The series (price, one per level) are fixed when the chart is built: rebuild when the set of levels changes.
  const options = useMemo(() => priceLevelsOptions(state.current), [levelKeys]); // eslint-disable-line react-hooks/exhaustive-deps
  const aligned = useMemo(() => [view.times.map((_, i) => i), view.close, ...view.levels.map((l) => l.values)] as uPlot.AlignedData, [view]);
  return (
    <div
      className="ws-chart"
      data-testid="price-levels"
      data-style={view.line ? 'line' : 'candles'}
      data-candles={view.open.filter((v) => v !== null).length}
      data-levels={levelKeys}
      data-last-price={view.lastPrice ?? ''}
    >
      <UPlotChart options={options} data={aligned} width={width} height={height} configKey={`price-levels:${theme}:${levelKeys}`} points={view.times.length} />
      <ul className="visually-hidden" data-testid="level-labels">
        {view.labels.map((l) => (
          <li key={l.key} data-key={l.key}>{l.text}</li>
        ))}
      </ul>
    </div>
  );
}

import { lazy, Suspense, useMemo } from 'react';
import type { PlaneResponse } from '../../api/data';
import type { ChartConfiguration } from '../../workspace/types';
import type { RendererProps } from '../types';
import { surfaceMesh } from './transform';
import { WidgetLoading } from '../shared/ContentState';
import { formatNumber } from '../shared/format';

const DeckSurface = lazy(() => import('./DeckSurface'));

export default function SurfaceRenderer({ data, configuration: c, width, height }: RendererProps<PlaneResponse, ChartConfiguration>) {
  const iv = c.chartName === 'IV_VOLATILITY';
  // Decimated to what the widget's pixels can show: about one column per 8 px, one row per 10 px.
  const maxStrikes = Math.max(12, Math.min(120, Math.floor(width / 8)));
  const maxExpirations = Math.max(6, Math.min(60, Math.floor(height / 10)));
  const mesh = useMemo(() => surfaceMesh(data, iv, { maxStrikes, maxExpirations }), [data, iv, maxStrikes, maxExpirations]);
  return (
    <div className="ws-chart ws-surface" data-testid="widget-surface" data-cells={mesh.cells.length}>
      <div className="ws-chart-caption">
        {iv ? 'Implied volatility' : 'Colour scale symmetric about zero'} · {formatNumber(mesh.range[0], { compact: true })} to{' '}
        {formatNumber(mesh.range[1], { compact: true })}
      </div>
      <Suspense fallback={<WidgetLoading />}>
        <DeckSurface mesh={mesh} width={width} height={Math.max(60, height - 20)} />
      </Suspense>
    </div>
  );
}

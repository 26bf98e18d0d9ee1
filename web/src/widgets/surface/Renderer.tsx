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
  const mesh = useMemo(() => surfaceMesh(data, iv), [data, iv]);
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

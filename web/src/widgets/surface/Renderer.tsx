import { lazy, Suspense, useCallback, useMemo } from 'react';
import type { PlaneResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { surfaceBoxHeight, surfaceMesh } from './transform';
import { WidgetLoading } from '../shared/ContentState';
import { df } from '../../lib/format';
import { formatNumber } from '../shared/format';
import { ColorLegend } from '../shared/ColorLegend';
import { useThemeMode } from '../shared/useThemeMode';
import { surfaceValueFormat } from './format';
import type { SurfaceReadout } from './DeckSurface';
import { daysToExpiration } from './layers';

const DeckSurface = lazy(() => import('./DeckSurface'));

const LEGEND_HEIGHT = 24;

export default function SurfaceRenderer({ data, configuration: c, width, height }: RendererProps<PlaneResponse, ChartConfiguration>) {
  const iv = c.chartName === 'IV_VOLATILITY';
  const greek = iv ? 'iv' : c.greek ?? 'gamma';
  const theme = useThemeMode();
  // Decimated to what the widget's pixels can show: about one column per 8 px, one row per 10 px.
  const maxStrikes = Math.max(12, Math.min(120, Math.floor(width / 8)));
  const maxExpirations = Math.max(6, Math.min(60, Math.floor(height / 10)));
  const boxHeight = surfaceBoxHeight(width, height);
  const mesh = useMemo(() => surfaceMesh(data, iv, { maxStrikes, maxExpirations, boxHeight }), [data, iv, maxStrikes, maxExpirations, boxHeight]);
  const served = (data as { unit?: { unit?: string } | null }).unit?.unit ?? null;
  const fmt = useMemo(() => surfaceValueFormat(greek, served), [greek, served]);
  const asOfDate = useMemo(() => newYorkDate(data.lastModified ?? null), [data.lastModified]);
  const formatStrike = useCallback((v: number) => formatNumber(v), []);
  const readout = useCallback(
    (r: SurfaceReadout) => [`Strike ${formatNumber(r.strike)}`, `Expiration ${r.expiration.slice(0, 10)} (${dteText(r.expiration, asOfDate)})`, `${fmt.name} ${fmt.withUnit(r.value)}`],
    [asOfDate, fmt],
  );
  return (
    <div className="ws-chart ws-surface" data-testid="widget-surface" data-cells={mesh.cells.length} data-theme-mode={theme}>
      <ColorLegend
        kind={iv ? 'sequential' : 'diverging'}
        range={mesh.range}
        format={fmt.tick}
        theme={theme}
        title={fmt.legendTitle}
        testId="surface-legend"
      />
      <Suspense fallback={<WidgetLoading />}>
        <DeckSurface
          mesh={mesh}
          width={width}
          height={Math.max(60, height - LEGEND_HEIGHT)}
          theme={theme}
          asOfDate={asOfDate}
          valueTitle={fmt.axisTitle}
          formatValue={fmt.tick}
          formatStrike={formatStrike}
          readout={readout}
        />
      </Suspense>
    </div>
  );
}

/** Calendar date (YYYY-MM-DD) in New York of an instant; today when none is given. */
export function newYorkDate(iso: string | null): string {
  const d = iso ? new Date(iso) : new Date();
  const t = Number.isNaN(d.getTime()) ? new Date() : d;
  return df('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);
}

function dteText(expiration: string, asOfDate: string): string {
  const d = daysToExpiration(expiration, asOfDate);
  return d === null ? '—' : `${d} ${d === 1 ? 'day' : 'days'}`;
}

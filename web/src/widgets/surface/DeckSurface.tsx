// deck.gl surface with orbit controls. Loaded lazily: deck.gl lives in its own chunk.
import { useMemo } from 'react';
import DeckGL from '@deck.gl/react';
import { OrbitView } from '@deck.gl/core';
import { LineLayer, SolidPolygonLayer } from '@deck.gl/layers';
import type { SurfaceMesh } from './transform';
import { INITIAL_VIEW_STATE, surfaceLayerProps } from './layers';
import { formatNumber } from '../shared/format';

const VIEW = new OrbitView({ id: 'orbit', orbitAxis: 'Z' });

export default function DeckSurface({ mesh, width, height }: { mesh: SurfaceMesh; width: number; height: number }) {
  const props = useMemo(() => surfaceLayerProps(mesh), [mesh]);
  const layers = useMemo(() => [new SolidPolygonLayer(props.polygons), new LineLayer(props.axes)], [props]);
  return (
    <div style={{ position: 'relative', width, height }}>
      <DeckGL
        views={VIEW}
        initialViewState={INITIAL_VIEW_STATE}
        controller
        layers={layers}
        width={width}
        height={height}
        getTooltip={({ object }) => {
          const o = object as SurfaceMesh['cells'][number] | null;
          return o ? `Strike ${formatNumber(o.strike)} · ${o.expiration}\n${formatNumber(o.value, { compact: true })}` : null;
        }}
      />
    </div>
  );
}

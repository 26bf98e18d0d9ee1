// deck.gl surface with orbit controls, axes with ticks (an SVG overlay projected with deck.gl's own
// viewport), the camera fitted to the mesh and a hover readout. Loaded lazily: deck.gl lives in its own
// chunk. The mesh goes to the GPU as pre-triangulated binary attributes, built in a later task than the
// one that mounts the canvas, so neither step blocks the page for long.
import { useEffect, useMemo, useRef, useState } from 'react';
import DeckGL from '@deck.gl/react';
import { OrbitView, OrbitViewport, type PickingInfo } from '@deck.gl/core';
import { SolidPolygonLayer } from '@deck.gl/layers';
import type { SurfaceMesh } from './transform';
import { fitViewState, meshBounds, surfaceAttributes, surfaceAxes, type OrbitViewState, type Projector, type Vec3 } from './layers';
import type { ThemeMode } from '../shared/scales';

const VIEW = new OrbitView({ id: 'orbit', orbitAxis: 'Z', orthographic: true });

const project: Projector = (viewState, width, height) => {
  const vp = new OrbitViewport({ ...viewState, width, height, orbitAxis: 'Z', orthographic: true });
  return (p: Vec3) => {
    const [x, y] = vp.project(p);
    return [x, y];
  };
};

export interface SurfaceReadout {
  strike: number;
  expiration: string;
  value: number;
}

export interface DeckSurfaceProps {
  mesh: SurfaceMesh;
  width: number;
  height: number;
  theme: ThemeMode;
  asOfDate: string;
  valueTitle: string;
  formatValue: (v: number) => string;
  formatStrike: (v: number) => string;
  readout: (r: SurfaceReadout) => string[];
}

/** Runs `fn` in a later task (after the browser has painted), cancelled on unmount. */
function useLater<T>(make: () => T, deps: unknown[]): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let cancelled = false;
    const id = window.setTimeout(() => {
      if (!cancelled) setValue(make());
    }, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(id);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}

export default function DeckSurface({ mesh, width, height, theme, asOfDate, valueTitle, formatValue, formatStrike, readout }: DeckSurfaceProps) {
  const bounds = useMemo(() => meshBounds(mesh), [mesh]);
  const fitted = useMemo(() => fitViewState(bounds, width, height, project), [bounds, width, height]);
  const [viewState, setViewState] = useState<OrbitViewState>(fitted);
  // A new size or a new box refits the camera (the user's rotation is kept).
  const fitKey = `${width}x${height}:${bounds.min.join()}:${bounds.max.join()}`;
  const lastFit = useRef(fitKey);
  useEffect(() => {
    if (lastFit.current === fitKey) return;
    lastFit.current = fitKey;
    setViewState((v) => ({ ...fitted, rotationX: v.rotationX, rotationOrbit: v.rotationOrbit }));
  }, [fitKey, fitted]);

  const binary = useLater(() => surfaceAttributes(mesh, theme), [mesh, theme]);
  const layers = useMemo(
    () =>
      binary
        ? [
            new SolidPolygonLayer({
              id: 'surface',
              data: binary,
              _normalize: false,
              _full3d: true,
              pickable: true,
            } as never),
          ]
        : [],
    [binary],
  );

  const axes = useMemo(() => surfaceAxes(mesh, asOfDate, formatValue, formatStrike), [mesh, asOfDate, formatValue, formatStrike]);
  const toScreen = useMemo(() => project(viewState, width, height), [viewState, width, height]);
  const [hover, setHover] = useState<{ x: number; y: number; lines: string[] } | null>(null);

  const onHover = (info: PickingInfo) => {
    const cell = info.index >= 0 ? mesh.cells[info.index] : undefined;
    if (!cell || !info.viewport) {
      setHover(null);
      return;
    }
    // The readout names the grid point nearest the pointer among the cell's four corners.
    let best = 0;
    let bestD = Infinity;
    cell.polygon.forEach((p, k) => {
      const [px, py] = info.viewport!.project(p);
      const d = (px - info.x) ** 2 + (py - info.y) ** 2;
      if (d < bestD) [best, bestD] = [k, d];
    });
    const i = cell.i + (best === 1 || best === 2 ? 1 : 0);
    const j = cell.j + (best >= 2 ? 1 : 0);
    const lines = readout({ strike: mesh.strikes[i], expiration: mesh.expirations[j], value: cell.corners[best] });
    setHover({ x: info.x, y: info.y, lines });
  };

  const titleText = { strike: 'Strike', expiration: 'Days to expiration', value: valueTitle };
  return (
    <div className="ws-surface-stage" style={{ width, height }} data-testid="surface-stage" data-ready={binary ? 'true' : 'false'}>
      <DeckGL
        views={VIEW}
        viewState={viewState as never}
        onViewStateChange={({ viewState: v }) => setViewState(v as unknown as OrbitViewState)}
        controller
        layers={layers}
        width={width}
        height={height}
        onHover={onHover}
        useDevicePixels={1}
      />
      <svg className="ws-surface-axes" width={width} height={height} data-testid="surface-axes" aria-hidden="true">
        {axes.lines.map((l) => {
          const [a, b] = [toScreen(l.from), toScreen(l.to)];
          return <line key={l.axis} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} stroke="currentColor" strokeOpacity={0.55} />;
        })}
        {axes.ticks.map((t, k) => {
          const [a, b] = [toScreen(t.at), toScreen(t.label)];
          return (
            <g key={k} data-axis={t.axis}>
              <line x1={a[0]} y1={a[1]} x2={a[0] + (b[0] - a[0]) * 0.35} y2={a[1] + (b[1] - a[1]) * 0.35} stroke="currentColor" strokeOpacity={0.55} />
              <text x={b[0]} y={b[1]} textAnchor="middle" dominantBaseline="middle" className="ws-surface-tick">
                {t.text}
              </text>
            </g>
          );
        })}
        {axes.titles.map((t) => {
          const [x, y] = toScreen(t.at);
          return (
            <text key={t.axis} x={x} y={y} textAnchor="middle" dominantBaseline="middle" className="ws-surface-axis-title" data-axis-title={t.axis}>
              {titleText[t.axis]}
            </text>
          );
        })}
      </svg>
      {hover ? (
        <div
          className="ws-readout"
          data-testid="chart-readout"
          style={hover.x > width / 2 ? { right: width - hover.x + 12, top: 6 } : { left: hover.x + 12, top: 6 }}
        >
          {hover.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

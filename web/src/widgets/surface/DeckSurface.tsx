// deck.gl surface with orbit controls, axes with ticks (an SVG overlay projected with deck.gl's own
// viewport), the camera fitted to the mesh and a hover readout. Loaded lazily: deck.gl lives in its own
// chunk. The mesh goes to the GPU as pre-triangulated binary attributes, built in a later task than the
// one that mounts the canvas, so neither step blocks the page for long.
import { useEffect, useMemo, useRef, useState } from 'react';
import DeckGL from '@deck.gl/react';
import { OrbitView } from '@deck.gl/core';
import { SolidPolygonLayer } from '@deck.gl/layers';
import type { SurfaceMesh } from './transform';
import { fitViewState, meshBounds, surfaceAttributes, surfaceAxes, type OrbitViewState, type Vec3 } from './layers';
import type { ThemeMode } from '../shared/scales';
import { installAsyncLinkStatus } from './asyncLink';
import { endTurn, requestTurn } from './gpuQueue';
import { CAPTURE_EVENT } from '../shared/png';

// Before any deck.gl context exists: shader linking must never block the page (see asyncLink.ts).
installAsyncLinkStatus();

// No multisampling and no preserved drawing buffer: with software rendering every drawn frame is read
// back for the compositor, and 4x multisampling quadruples the work of each one.
const DEVICE_PROPS = { type: 'webgl', webgl: { antialias: false, preserveDrawingBuffer: false } } as const;

const VIEW = new OrbitView({ id: 'orbit', orbitAxis: 'Z', orthographic: true });

/** Projection through the same viewport deck.gl draws with, so the axes sit exactly on the mesh. */
const project = (viewState: OrbitViewState, width: number, height: number) => {
  const vp = VIEW.makeViewport({ width, height, viewState: viewState as never });
  return (p: Vec3): [number, number, number] => {
    if (!vp) return [0, 0, 0];
    const [x, y, z] = vp.project(p);
    return [x, y, z ?? 0];
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

/** Screen positions (x, y, depth) of the four corners of every cell, for one view. */
function projectCorners(mesh: SurfaceMesh, toScreen: (p: Vec3) => [number, number, number]): Float32Array {
  const out = new Float32Array(mesh.cells.length * 12);
  mesh.cells.forEach((cell, c) => cell.polygon.forEach((p, k) => out.set(toScreen(p), 12 * c + 3 * k)));
  return out;
}

/** Screen-space pick of the grid point under the pointer, done on the CPU (no GPU read-back). */
export function pickGridPoint(mesh: SurfaceMesh, screen: Float32Array, x: number, y: number, radius = 14): SurfaceReadout | null {
  let best = -1;
  let bestD = Infinity;
  let bestZ = Infinity;
  for (let q = 0; q < screen.length / 3; q += 1) {
    const d = Math.hypot(screen[3 * q] - x, screen[3 * q + 1] - y);
    if (d > radius) continue;
    // Among the points near the pointer, the one nearest the camera is the one the user sees.
    const z = screen[3 * q + 2];
    if (z < bestZ - 1e-6 || (Math.abs(z - bestZ) <= 1e-6 && d < bestD)) [best, bestD, bestZ] = [q, d, z];
  }
  if (best < 0) return null;
  const cell = mesh.cells[Math.floor(best / 4)];
  const k = best % 4;
  const i = cell.i + (k === 1 || k === 2 ? 1 : 0);
  const j = cell.j + (k >= 2 ? 1 : 0);
  return { strike: mesh.strikes[i], expiration: mesh.expirations[j], value: cell.corners[k] };
}

/** Keeps a centred label of about `perChar` px per character inside the stage. */
const clampX = (x: number, text: string, width: number, perChar = 5.8) => {
  const half = (text.length * perChar) / 2 + 2;
  return Math.max(half, Math.min(width - half, x));
};
const clampY = (y: number, height: number) => Math.max(7, Math.min(height - 7, y));

type DeckLike = {
  layerManager?: { getLayers: () => { props: { data?: unknown }; getModels: () => { pipeline?: { linkStatus?: string } }[] }[] } | null;
  width?: number;
  height?: number;
  redraw: (reason?: string) => void;
};

export default function DeckSurface({ mesh, width, height, theme, asOfDate, valueTitle, formatValue, formatStrike, readout }: DeckSurfaceProps) {
  const bounds = useMemo(() => meshBounds(mesh), [mesh]);
  const fitted = useMemo(() => fitViewState(bounds, width, height, project), [bounds, width, height]);
  const [viewState, setViewState] = useState<OrbitViewState>(fitted);
  // A new size or a new box refits the camera; a rotation the user made is kept, otherwise the new fit's
  // angle applies (a tall tile is looked at from higher up, layers.rotationFor).
  const fitKey = `${width}x${height}:${bounds.min.join()}:${bounds.max.join()}`;
  const lastFit = useRef(fitKey);
  const lastFitted = useRef(fitted);
  useEffect(() => {
    if (lastFit.current === fitKey) return;
    lastFit.current = fitKey;
    const before = lastFitted.current;
    lastFitted.current = fitted;
    setViewState((v) => (v.rotationX !== before.rotationX || v.rotationOrbit !== before.rotationOrbit
      ? { ...fitted, rotationX: v.rotationX, rotationOrbit: v.rotationOrbit }
      : fitted));
  }, [fitKey, fitted]);

  // Surfaces take turns through their first frame (see gpuQueue.ts); the canvas mounts on this turn.
  const [turn, setTurn] = useState(false);
  const turnId = useRef<number | null>(null);
  useEffect(() => {
    const id = requestTurn(() => setTurn(true));
    turnId.current = id;
    return () => endTurn(id);
  }, []);
  const binary = useLater(() => (turn ? surfaceAttributes(mesh, theme) : null), [mesh, theme, turn]);
  const layers = useMemo(
    () => (binary ? [new SolidPolygonLayer({ id: 'surface', data: binary, _normalize: false, _full3d: true, pickable: false } as never)] : []),
    [binary],
  );

  // The canvas stays hidden until the GPU has drawn the first complete frame. With software rendering
  // the compositor reads every visible WebGL frame back and waits for it; a hidden canvas is not read,
  // so the slow first frame (shader and pipeline compilation) never holds up the page.
  const deckRef = useRef<{ deck?: DeckLike } | null>(null);
  const [, setShownCount] = useState(0);
  const waiting = useRef(false);
  // A new size hides the canvas again until its first frame at that size is drawn, for the same reason.
  const frameKey = `${width}x${height}`;
  const shownFor = useRef<{ key: string; data: unknown } | null>(null);
  // New data at the same size (a refresh, a theme change) draws in place: the pipelines are compiled and
  // the frame costs only its rasterisation. A new size (full screen) starts a new drawing buffer.
  const shown = Boolean(binary) && shownFor.current?.key === frameKey;
  const setShown = () => setShownCount((n) => n + 1);
  const onAfterRender = ({ gl }: { gl: WebGL2RenderingContext }) => {
    if (shown || waiting.current || !binary) return;
    const deck = deckRef.current?.deck;
    const drawn = deck?.layerManager?.getLayers() ?? [];
    // Only a frame of the current data at the current size counts.
    if (!drawn.length || drawn[0].props.data !== binary || (deck?.width !== undefined && deck.width !== width) || (deck?.height !== undefined && deck.height !== height)) return;
    const models = drawn.flatMap((l) => l.getModels());
    if (!models.length || models.some((m) => m.pipeline && m.pipeline.linkStatus !== 'success')) return;
    const drawnFor = { key: frameKey, data: binary };
    const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (!sync) {
      shownFor.current = drawnFor;
      setShown();
      return;
    }
    gl.flush();
    waiting.current = true;
    const poll = () => {
      if (gl.isContextLost() || gl.clientWaitSync(sync, 0, 0) !== gl.TIMEOUT_EXPIRED) {
        if (!gl.isContextLost()) gl.deleteSync(sync);
        waiting.current = false;
        shownFor.current = drawnFor;
        setShown();
        deckRef.current?.deck?.redraw('shown');
        // Hand over once the shown frame has gone to the screen.
        requestAnimationFrame(() => window.setTimeout(() => turnId.current !== null && endTurn(turnId.current), 50));
      } else window.setTimeout(poll, 16);
    };
    window.setTimeout(poll, 16);
  };

  const axes = useMemo(() => surfaceAxes(mesh, asOfDate, formatValue, formatStrike), [mesh, asOfDate, formatValue, formatStrike]);
  const toScreen = useMemo(() => project(viewState, width, height), [viewState, width, height]);
  const [hover, setHover] = useState<{ x: number; y: number; lines: string[] } | null>(null);

  // A PNG export copies the canvas right after this synchronous redraw, while the frame is still in the
  // drawing buffer (it is not preserved between frames).
  const stageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return undefined;
    const onCapture = () => deckRef.current?.deck?.redraw('capture');
    el.addEventListener(CAPTURE_EVENT, onCapture, true);
    return () => el.removeEventListener(CAPTURE_EVENT, onCapture, true);
  }, []);

  const screenCache = useRef<{ key: unknown; mesh: SurfaceMesh; pts: Float32Array } | null>(null);
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (e.buttons) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    if (!screenCache.current || screenCache.current.key !== toScreen || screenCache.current.mesh !== mesh) {
      screenCache.current = { key: toScreen, mesh, pts: projectCorners(mesh, toScreen) };
    }
    const hit = pickGridPoint(mesh, screenCache.current.pts, x, y);
    setHover(hit ? { x, y, lines: readout(hit) } : null);
  };

  const titleText = { strike: 'Strike', expiration: 'Days to expiration', value: valueTitle };
  return (
    <div
      ref={stageRef}
      className="ws-surface-stage"
      style={{ width, height }}
      data-testid="surface-stage"
      data-ready={binary && shown ? 'true' : 'false'}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setHover(null)}
      onPointerDown={() => setHover(null)}
    >
      <div style={{ visibility: shown ? 'visible' : 'hidden' }}>
        {turn ? (
        <DeckGL
          ref={deckRef as never}
          views={VIEW}
          viewState={viewState as never}
          onViewStateChange={({ viewState: v }) => setViewState(v as unknown as OrbitViewState)}
          controller
          layers={layers}
          width={width}
          height={height}
          useDevicePixels={1}
          deviceProps={DEVICE_PROPS}
          onAfterRender={onAfterRender as never}
        />
        ) : null}
      </div>
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
              <text x={clampX(b[0], t.text, width)} y={clampY(b[1], height)} textAnchor="middle" dominantBaseline="middle" className="ws-surface-tick">
                {t.text}
              </text>
            </g>
          );
        })}
        {axes.titles.map((t) => {
          const [x, y] = toScreen(t.at);
          return (
            <text key={t.axis} x={clampX(x, titleText[t.axis], width, 6.2)} y={clampY(y, height)} textAnchor="middle" dominantBaseline="middle" className="ws-surface-axis-title" data-axis-title={t.axis}>
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

// Pure builders of the deck.gl layer properties and view state for a surface mesh.
import { BOX, type SurfaceMesh } from './transform';

export const INITIAL_VIEW_STATE = {
  target: [BOX.x / 2, BOX.y / 2, 0] as [number, number, number],
  rotationX: 35,
  rotationOrbit: -35,
  zoom: 2,
  minZoom: 0,
  maxZoom: 6,
};

export interface AxisSegment {
  source: [number, number, number];
  target: [number, number, number];
  color: [number, number, number, number];
}

/** Box edges along the strike (x), expiration (y) and value (z) axes. */
export function axisSegments(): AxisSegment[] {
  const c: [number, number, number, number] = [134, 150, 198, 160];
  const zLo = -BOX.z / 2;
  const zHi = BOX.z / 2;
  return [
    { source: [0, 0, zLo], target: [BOX.x, 0, zLo], color: c },
    { source: [0, 0, zLo], target: [0, BOX.y, zLo], color: c },
    { source: [0, 0, zLo], target: [0, 0, zHi], color: c },
    { source: [0, 0, 0], target: [BOX.x, 0, 0], color: [134, 150, 198, 80] },
  ];
}

export function surfaceLayerProps(mesh: SurfaceMesh) {
  return {
    polygons: {
      id: 'surface',
      data: mesh.cells,
      getPolygon: (d: SurfaceMesh['cells'][number]) => d.polygon,
      getFillColor: (d: SurfaceMesh['cells'][number]) => d.color,
      _full3d: true,
      pickable: true,
    },
    axes: { id: 'axes', data: axisSegments(), getSourcePosition: (d: AxisSegment) => d.source, getTargetPosition: (d: AxisSegment) => d.target, getColor: (d: AxisSegment) => d.color, getWidth: 1 },
  };
}

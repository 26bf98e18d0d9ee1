// Vertical marker lines of a chart (spot price, levels) and the placement of their labels (pure).

export interface Marker {
  x: number;
  /** Full label with its value: 'Spot 8,528.10'. */
  label: string;
  /** Short name: 'Spot', 'Zero gamma', 'Call wall', 'Put wall'; a solid line for 'Spot', dashed otherwise. */
  name?: string;
  color: string;
}

export interface LabelBox {
  left: number;
  top: number;
  width: number;
  row: number;
}

/**
 * Places marker labels (pixel x of each line, measured text widths) inside [plotLeft, plotRight]: each
 * label to the right of its line, or to the left when it would cross the plot edge, on the first row
 * where it overlaps no label already placed. Returns boxes in the input order.
 */
export function layoutMarkerLabels(xs: number[], widths: number[], plotLeft: number, plotRight: number, opts: { gap?: number; rowHeight?: number; top?: number } = {}): LabelBox[] {
  const gap = opts.gap ?? 4;
  const rowHeight = opts.rowHeight ?? 16;
  const top = opts.top ?? 2;
  const order = xs.map((_, i) => i).sort((a, b) => xs[a] - xs[b]);
  const rows: [number, number][][] = [];
  const boxes: LabelBox[] = new Array(xs.length);
  for (const i of order) {
    const w = widths[i];
    let left = xs[i] + gap;
    if (left + w > plotRight) left = xs[i] - gap - w;
    left = Math.max(plotLeft, Math.min(left, plotRight - w));
    let row = 0;
    while (rows[row]?.some(([a, b]) => left < b + gap && left + w + gap > a)) row += 1;
    (rows[row] ??= []).push([left, left + w]);
    boxes[i] = { left, top: top + row * rowHeight, width: w, row };
  }
  return boxes;
}

// Where a chart's hover/tap readout goes: beside the cursor (right of it in the plot's left half, left
// of it in the right half) and always inside the plot, so a tap on a phone never pushes it off screen.

export function readoutLeft(cursor: number, plotWidth: number, boxWidth: number, gap = 12): number {
  const x = cursor > plotWidth / 2 ? cursor - gap - boxWidth : cursor + gap;
  return Math.max(0, Math.min(x, plotWidth - boxWidth));
}

import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render } from '@testing-library/react';

const calls = vi.hoisted(() => ({ created: 0, destroyed: 0, setData: [] as unknown[], setSize: [] as unknown[] }));

vi.mock('uplot', () => {
  class FakePlot {
    constructor() {
      calls.created += 1;
    }
    setData(d: unknown) {
      calls.setData.push(d);
    }
    setSize(s: unknown) {
      calls.setSize.push(s);
    }
    destroy() {
      calls.destroyed += 1;
    }
  }
  return { default: FakePlot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

import { UPlotChart } from './UPlotChart';

const opts = { series: [{}, {}] };

describe('UPlotChart keeps one chart instance', () => {
  beforeEach(() => {
    calls.created = 0;
    calls.destroyed = 0;
    calls.setData = [];
    calls.setSize = [];
  });

  it('updates data in place with setData and sizes with setSize', () => {
    const d1 = [[1, 2], [3, 4]] as [number[], number[]];
    const d2 = [[1, 2], [5, 6]] as [number[], number[]];
    const { rerender } = render(<UPlotChart options={opts} data={d1} width={300} height={200} configKey="a" />);
    expect(calls.created).toBe(1);
    rerender(<UPlotChart options={opts} data={d2} width={300} height={200} configKey="a" />);
    expect(calls.created).toBe(1);
    expect(calls.setData.at(-1)).toBe(d2);
    rerender(<UPlotChart options={opts} data={d2} width={500} height={260} configKey="a" />);
    expect(calls.created).toBe(1);
    expect(calls.setSize.at(-1)).toEqual({ width: 500, height: 260 });
  });

  it('rebuilds only when the configuration key changes', () => {
    const d = [[1], [2]] as [number[], number[]];
    const { rerender, unmount } = render(<UPlotChart options={opts} data={d} width={300} height={200} configKey="a" />);
    rerender(<UPlotChart options={opts} data={d} width={300} height={200} configKey="b" />);
    expect(calls.created).toBe(2);
    expect(calls.destroyed).toBe(1);
    unmount();
    expect(calls.destroyed).toBe(2);
  });
});

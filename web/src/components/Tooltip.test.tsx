// One tooltip for every hint (app spec §9): it hides 200 ms after the pointer leaves, a manual one shows
// for 3000 ms, and no other module draws a tooltip of its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MANUAL_TOOLTIP_MS, TOOLTIP_HIDE_MS, Tooltip } from './Tooltip';
import { Providers } from '../test/utils';
import { WorkspaceBar } from '../workspace/WorkspaceBar';

afterEach(() => vi.useRealTimers());

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : [];
  });
}

describe('tooltip timings', () => {
  it('are the spec values', () => {
    expect(TOOLTIP_HIDE_MS).toBe(200);
    expect(MANUAL_TOOLTIP_MS).toBe(3000);
  });

  it('hides 200 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    render(<Tooltip content="Hint"><button type="button">Target</button></Tooltip>);
    const target = screen.getByRole('button', { name: 'Target' });
    fireEvent.mouseEnter(target);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Hint');
    expect(target).toHaveAccessibleDescription('Hint');
    fireEvent.mouseLeave(target);
    act(() => vi.advanceTimersByTime(199));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('a manual tooltip shows for 3000 ms', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Tooltip content="Copied" open={false}><span>Key</span></Tooltip>);
    expect(screen.queryByRole('tooltip')).toBeNull();
    rerender(<Tooltip content="Copied" open><span>Key</span></Tooltip>);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('every tooltip is this one', () => {
  it('no other component draws role="tooltip", and hint buttons carry no native title', () => {
    const offenders: string[] = [];
    for (const file of sources(resolve(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      if (!file.endsWith(join('components', 'Tooltip.tsx')) && /role=["']tooltip["']/.test(text)) offenders.push(`${file}: role=tooltip`);
      // A truncated workspace name (tab, drawer) keeps its full text as a native title: not a hint.
      for (const m of text.matchAll(/<button\b[^>]*?\btitle=(\S+)/g)) if (m[1] !== '{w.name}') offenders.push(`${file}: ${m[0].slice(0, 80)}`);
    }
    expect(offenders).toEqual([]);
  });

  it("the workspace bar's add button shows 'Add a new workspace' through it", () => {
    render(<Providers><WorkspaceBar currentId={null} onOpenDrawer={() => undefined} /></Providers>);
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Add a new workspace' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Add a new workspace');
  });
});

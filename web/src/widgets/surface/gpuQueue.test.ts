import { describe, expect, it, vi } from 'vitest';
import { endTurn, queueState, requestTurn } from './gpuQueue';

describe('surface turns', () => {
  it('start one at a time, in order, each after the previous one ends or withdraws', async () => {
    vi.useFakeTimers();
    const started: string[] = [];
    const a = requestTurn(() => started.push('a'));
    const b = requestTurn(() => started.push('b'));
    const c = requestTurn(() => started.push('c'));
    await vi.runOnlyPendingTimersAsync();
    expect(started).toEqual(['a']);
    endTurn(b); // withdrawn while waiting
    endTurn(a);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['a', 'c']);
    expect(queueState()).toEqual({ active: c, waiting: 0 });
    endTurn(c);
    vi.useRealTimers();
  });
  it('gives up a turn that never ends', async () => {
    vi.useFakeTimers();
    const started: string[] = [];
    requestTurn(() => started.push('stuck'));
    requestTurn(() => started.push('next'));
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['stuck']);
    await vi.advanceTimersByTimeAsync(6001);
    expect(started).toEqual(['stuck', 'next']);
    vi.useRealTimers();
  });
});

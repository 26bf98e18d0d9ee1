// ←/→ step the replay clock: one entry of the workspace's shortcut registry (./shortcuts), with a stricter
// guard than the registry's own (controls that use the arrows keep them).
import { useRef } from 'react';
import { useShortcut } from './shortcuts';

/** True when a key press belongs to what the user is typing or operating (a field, a list, an editor). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.isContentEditable) return true;
  return Boolean(el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="slider"], [role="tablist"], [role="listbox"], [role="menu"], [role="dialog"]'));
}

/** The step an arrow key asks for (←: −1, →: +1), or 0 when the press is not a replay step. */
export function replayStepOf(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'defaultPrevented' | 'target'>): number {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return 0;
  if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return 0;
  if (isTypingTarget(e.target)) return 0;
  return e.key === 'ArrowLeft' ? -1 : 1;
}

/** Registers ← / → in the workspace's shortcut registry (listed by `?`) while `enabled`: `onStep(−1 | +1)`,
 * never while typing in a field or operating a control that uses the arrows. */
export function useReplayKeys(enabled: boolean, onStep: (by: number) => void): void {
  const handler = useRef(onStep);
  handler.current = onStep;
  useShortcut(['ArrowLeft', 'ArrowRight'], '←  →', 'Step the replay clock back or forward', (e) => {
    const by = replayStepOf(e);
    if (!by) return false;
    handler.current(by);
    return true;
  }, enabled);
}

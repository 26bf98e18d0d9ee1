// ←/→ step the replay clock. Kept to this one hook (a key, its handler, the typing guard) so it can move into
// a shared shortcut registry as one entry per key.
import { useEffect, useRef } from 'react';

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

/** Calls `onStep(−1 | +1)` on ← / → anywhere on the page while `enabled`, never while typing in a field. */
export function useReplayKeys(enabled: boolean, onStep: (by: number) => void): void {
  const handler = useRef(onStep);
  handler.current = onStep;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (e: KeyboardEvent) => {
      const by = replayStepOf(e);
      if (!by) return;
      e.preventDefault();
      handler.current(by);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

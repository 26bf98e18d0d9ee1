// The workspace's keyboard shortcuts: one registry, one keydown listener on the document.
//
// A shortcut names the keys it answers (KeyboardEvent.key values: '/', '?', 'f', 'ArrowLeft'), how the help
// dialog writes them, what it does, and its action. Whoever owns an action registers it while mounted
// (`useShortcut`), so e.g. the replay clock adds its ←/→ steps beside the ones here; the help dialog
// (`?`) lists whatever is registered. No shortcut fires while the user types in a field (an input, a
// textarea, a select or an editable element), with Ctrl, Alt or Meta held (the browser's and the system's
// own keys), or while a dialog is open over the page.
import { useEffect, useRef, useSyncExternalStore } from 'react';

export interface Shortcut {
  /** The KeyboardEvent.key values that run it. */
  keys: readonly string[];
  /** The keys as the help dialog writes them ('/', '←  →'). */
  label: string;
  description: string;
  /** Runs the action; returning false lets the key through (nothing to act on). */
  run: (e: KeyboardEvent) => boolean | void;
}

let registry: readonly Shortcut[] = [];
const listeners = new Set<() => void>();

function changed(next: readonly Shortcut[]) {
  registry = next;
  for (const l of listeners) l();
}

/** Adds a shortcut; returns the function that removes it. A key registered twice runs the latest one. */
export function registerShortcut(shortcut: Shortcut): () => void {
  changed([...registry, shortcut]);
  return () => changed(registry.filter((s) => s !== shortcut));
}

/** The registered shortcuts, in the order they were registered (one entry per label). */
export function listShortcuts(): readonly Shortcut[] {
  return registry;
}

/** True when the key press is text typed into a field, not a command. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return Boolean(el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'));
}

function dialogOpen(doc: Document): boolean {
  return Boolean(doc.querySelector('[role="dialog"][aria-modal="true"]'));
}

/** Runs the shortcut the key press names, if any may run now; true when one acted (the key is consumed). */
export function dispatchShortcut(e: KeyboardEvent, doc: Document = document): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return false;
  if (isTyping(e.target) || dialogOpen(doc)) return false;
  for (let i = registry.length - 1; i >= 0; i -= 1) {
    const s = registry[i];
    if (!s.keys.includes(e.key)) continue;
    if (s.run(e) === false) continue;
    e.preventDefault();
    return true;
  }
  return false;
}

/** Installs the one document listener while mounted (the workspace area). */
export function useShortcutListener(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => void dispatchShortcut(e);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** Registers a shortcut while the component is mounted; the latest `run` is always the one called. */
export function useShortcut(keys: readonly string[], label: string, description: string, run: Shortcut['run'], enabled = true): void {
  const latest = useRef(run);
  latest.current = run;
  const keyText = keys.join('\u0000');
  useEffect(() => {
    if (!enabled) return undefined;
    return registerShortcut({ keys: keyText.split('\u0000'), label, description, run: (e) => latest.current(e) });
  }, [keyText, label, description, enabled]);
}

/** The registered shortcuts, re-rendering when the registry changes (the help dialog). */
export function useShortcutList(): readonly Shortcut[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => registry,
  );
}

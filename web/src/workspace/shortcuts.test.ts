import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchShortcut, isTyping, listShortcuts, registerShortcut } from './shortcuts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => c());
  document.body.innerHTML = '';
});

function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}) {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(e, 'target', { value: target });
  return { event: e, acted: dispatchShortcut(e) };
}

function add(key: string, run = vi.fn()) {
  cleanups.push(registerShortcut({ keys: [key], label: key, description: `does ${key}`, run }));
  return run;
}

describe('keyboard shortcuts', () => {
  it('run the registered action and consume the key', () => {
    const run = add('f');
    const { event, acted } = press('f');
    expect(run).toHaveBeenCalledTimes(1);
    expect(acted).toBe(true);
    expect(event.defaultPrevented).toBe(true);
  });

  it.each([
    ['an input', '<input type="text" />', 'input'],
    ['a textarea', '<textarea></textarea>', 'textarea'],
    ['a select', '<select><option>a</option></select>', 'select'],
    ['an editable element', '<div contenteditable="true"><span>x</span></div>', 'span'],
  ])('never fire while typing in %s', (_name, html, selector) => {
    const run = add('/');
    document.body.innerHTML = html;
    const target = document.body.querySelector(selector)!;
    const { event, acted } = press('/', target);
    expect(run).not.toHaveBeenCalled();
    expect(acted).toBe(false);
    expect(event.defaultPrevented).toBe(false);
  });

  it('leave the browser its own keys (Ctrl, Alt, Meta held)', () => {
    const run = add('f');
    press('f', document.body, { ctrlKey: true });
    press('f', document.body, { metaKey: true });
    press('f', document.body, { altKey: true });
    expect(run).not.toHaveBeenCalled();
  });

  it('do nothing while a dialog is open over the page', () => {
    const run = add('?');
    document.body.innerHTML = '<div role="dialog" aria-modal="true"><button>ok</button></div>';
    press('?');
    expect(run).not.toHaveBeenCalled();
  });

  it('let a key through when the action has nothing to act on', () => {
    add('e', vi.fn(() => false));
    const { event, acted } = press('e');
    expect(acted).toBe(false);
    expect(event.defaultPrevented).toBe(false);
  });

  it('are listed while registered, and a later registration (the replay clock) adds to the list', () => {
    add('?');
    const before = listShortcuts().length;
    const step = vi.fn();
    const remove = registerShortcut({ keys: ['ArrowLeft', 'ArrowRight'], label: '← →', description: 'step the replay', run: step });
    expect(listShortcuts().map((s) => s.label)).toContain('← →');
    press('ArrowRight');
    expect(step).toHaveBeenCalledTimes(1);
    remove();
    expect(listShortcuts()).toHaveLength(before);
  });

  it('tell typing from commands', () => {
    document.body.innerHTML = '<button>b</button><input />';
    expect(isTyping(document.querySelector('button'))).toBe(false);
    expect(isTyping(document.querySelector('input'))).toBe(true);
    expect(isTyping(null)).toBe(false);
  });
});

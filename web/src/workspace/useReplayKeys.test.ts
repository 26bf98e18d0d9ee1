import { describe, expect, it } from 'vitest';
import { isTypingTarget, replayStepOf } from './useReplayKeys';

const key = (k: string, target: EventTarget | null, mods: Partial<KeyboardEvent> = {}) =>
  replayStepOf({ key: k, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, defaultPrevented: false, target, ...mods });

describe('replay keys', () => {
  it('steps back on ← and forward on → from the page', () => {
    expect(key('ArrowLeft', document.body)).toBe(-1);
    expect(key('ArrowRight', document.body)).toBe(1);
    const button = document.createElement('button');
    document.body.appendChild(button);
    expect(key('ArrowRight', button)).toBe(1);
    expect(key('ArrowUp', document.body)).toBe(0);
  });
  it('never fires while typing or operating a control that uses the arrows', () => {
    for (const html of ['<input>', '<textarea></textarea>', '<select><option>a</option></select>', '<div contenteditable="true"></div>', '<div role="dialog"><button>x</button></div>', '<div role="tablist"><button>t</button></div>']) {
      const host = document.createElement('div');
      host.innerHTML = html;
      document.body.appendChild(host);
      const el = (host.querySelector('button') ?? host.firstElementChild) as HTMLElement;
      expect(isTypingTarget(el), html).toBe(true);
      expect(key('ArrowLeft', el), html).toBe(0);
    }
  });
  it('leaves modified and already handled presses alone', () => {
    expect(key('ArrowLeft', document.body, { altKey: true })).toBe(0);
    expect(key('ArrowLeft', document.body, { metaKey: true })).toBe(0);
    expect(key('ArrowRight', document.body, { shiftKey: true })).toBe(0);
    expect(key('ArrowRight', document.body, { defaultPrevented: true })).toBe(0);
  });
});

describe('replay keys in the shortcut registry', () => {
  it('are listed for the ? dialog while the replay bar is on, and gone after', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { listShortcuts } = await import('./shortcuts');
    const { useReplayKeys } = await import('./useReplayKeys');
    const view = renderHook(({ on }) => useReplayKeys(on, () => undefined), { initialProps: { on: true } });
    expect(listShortcuts().map((s) => s.label)).toContain('←  →');
    view.rerender({ on: false });
    expect(listShortcuts().map((s) => s.label)).not.toContain('←  →');
    view.unmount();
  });
});

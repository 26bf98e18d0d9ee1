// Pointer-driven drag to reorder a list (workspace tabs, drawer items). A drag starts only after the
// pointer moved DRAG_ACTIVATION_PX, so a plain click still opens the item.
import { useCallback, useRef, useState } from 'react';
import { DRAG_ACTIVATION_PX } from '../domain/grid';

export function dropIndex(midpoints: number[], pointer: number): number {
  return midpoints.filter((m) => m < pointer).length;
}

export function useDragReorder(axis: 'x' | 'y', onDrop: (id: string, index: number) => void) {
  const container = useRef<HTMLElement | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const suppressClick = useRef(false);

  const onPointerDown = useCallback(
    (id: string) => (e: React.PointerEvent) => {
      if (e.button !== 0) return;
      const start = axis === 'x' ? e.clientX : e.clientY;
      const startOther = axis === 'x' ? e.clientY : e.clientX;
      let active = false;
      let index = 0;
      const move = (ev: PointerEvent) => {
        const p = axis === 'x' ? ev.clientX : ev.clientY;
        const q = axis === 'x' ? ev.clientY : ev.clientX;
        if (!active && Math.hypot(p - start, q - startOther) < DRAG_ACTIVATION_PX) return;
        if (!active) {
          active = true;
          setDragging(id);
        }
        const items = Array.from(container.current?.querySelectorAll<HTMLElement>('[data-drag-id]') ?? []).filter((el) => el.dataset.dragId !== id);
        const mids = items.map((el) => {
          const r = el.getBoundingClientRect();
          return axis === 'x' ? r.left + r.width / 2 : r.top + r.height / 2;
        });
        index = dropIndex(mids, p);
        setOver(index);
      };
      const up = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        if (active) {
          suppressClick.current = true;
          setTimeout(() => (suppressClick.current = false), 0);
          onDrop(id, index);
        }
        setDragging(null);
        setOver(null);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    },
    [axis, onDrop],
  );

  /** True (once) right after a drag ended: the click that follows must not open the item. */
  const consumeClick = useCallback(() => suppressClick.current, []);

  return { container, dragging, over, onPointerDown, consumeClick };
}

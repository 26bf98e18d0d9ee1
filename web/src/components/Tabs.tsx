// The one tab list of the app: a roving tab index (only the selected tab is in the Tab order), Arrow
// Left/Right wrapping at the ends, Home and End, each moving focus and selecting (automatic activation).
// The caller renders the panels with `tabPanelId(idBase, id)` labelled by `tabId(idBase, id)`.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string = string> {
  id: T;
  label: ReactNode;
}

interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix for element ids. */
  idBase: string;
  /** Classes of the list and of each tab (the selected one also gets `is-selected`). */
  className?: string;
  tabClassName?: string;
}

export const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`;
export const tabPanelId = (idBase: string, id: string) => `${idBase}-panel-${id}`;

export function Tabs<T extends string>({ items, value, onChange, label, idBase, className = 'tabs-list', tabClassName = 'tab' }: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    let target: number | null = null;
    if (event.key === 'ArrowRight') target = index === last ? 0 : index + 1;
    else if (event.key === 'ArrowLeft') target = index === 0 ? last : index - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = last;
    if (target !== null) {
      event.preventDefault();
      onChange(items[target].id);
      refs.current[target]?.focus();
    }
  };

  return (
    <div role="tablist" aria-label={label} className={className}>
      {items.map((item, index) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idBase, item.id)}
            aria-selected={selected}
            aria-controls={tabPanelId(idBase, item.id)}
            tabIndex={selected ? 0 : -1}
            className={`${tabClassName}${selected ? ' is-selected' : ''}`}
            onClick={() => onChange(item.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

// A select with search (platform spec §5): typing filters the options by case-insensitive contains.
// An ARIA combobox: ↑/↓ move through the matches, Enter picks, Escape closes and restores the value; a
// text that matches one option exactly (any case) is picked when the field loses focus.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

export const MAX_SHOWN = 60;

/** Options whose text contains the query, case-insensitively; exact and prefix matches first. */
export function filterOptions(options: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...options];
  const hits = options.filter((o) => o.toLowerCase().includes(q));
  const rank = (o: string) => (o.toLowerCase() === q ? 0 : o.toLowerCase().startsWith(q) ? 1 : 2);
  return hits.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function SearchSelect({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  placeholder = 'Type to search…',
}: {
  id?: string;
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (v: string) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const listId = useId();
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => setText(value ?? ''), [value]);
  const matches = useMemo(() => filterOptions(options, open && text !== value ? text : ''), [options, text, open, value]);
  const shown = matches.slice(0, MAX_SHOWN);

  const pick = (o: string) => {
    setText(o);
    setOpen(false);
    if (o !== value) onChange(o);
  };
  const restore = () => {
    setText(value ?? '');
    setOpen(false);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => Math.max(0, Math.min(shown.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter') {
      if (open && shown[active]) {
        e.preventDefault();
        pick(shown[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        restore();
      }
    }
  };
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  return (
    <div className="ws-search-select">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        onFocus={(e) => {
          e.currentTarget.select();
          setOpen(true);
          setActive(0);
        }}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKey}
        onBlur={() => {
          const exact = options.find((o) => o.toLowerCase() === text.trim().toLowerCase());
          if (exact) pick(exact);
          else restore();
        }}
      />
      {open ? (
        <ul className="ws-search-list" role="listbox" id={listId} aria-label={label} ref={listRef}>
          {shown.map((o, i) => (
            <li
              key={o}
              id={`${listId}-${i}`}
              data-index={i}
              role="option"
              aria-selected={o === value}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
            >
              {o}
            </li>
          ))}
          {shown.length === 0 ? <li className="ws-search-empty" role="presentation">No match</li> : null}
          {matches.length > shown.length ? (
            <li className="ws-search-empty" role="presentation">
              {matches.length - shown.length} more — keep typing
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

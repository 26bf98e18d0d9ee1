// Select with optional search (platform spec §5: options filtered by case-insensitive contains),
// optional groups, and a keyboard-operable listbox. Popup max height 240 px (360 px grouped).
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  group?: string;
  disabled?: boolean;
}

export function filterOptions<V extends string>(options: SelectOption<V>[], query: string): SelectOption<V>[] {
  const q = query.trim().toLowerCase();
  if (!q) return options;
  return options.filter((o) => o.label.toLowerCase().includes(q) || o.value.toLowerCase().includes(q));
}

export interface SelectProps<V extends string> {
  label: ReactNode;
  value: V | null;
  options: SelectOption<V>[];
  onChange: (value: V) => void;
  searchable?: boolean;
  placeholder?: string;
  error?: string | null;
  disabled?: boolean;
  hideLabel?: boolean;
}

export function Select<V extends string>({ label, value, options, onChange, searchable = false, placeholder = 'Select', error, disabled, hideLabel }: SelectProps<V>) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const filtered = useMemo(() => filterOptions(options, query), [options, query]);
  const grouped = options.some((o) => o.group);
  const selected = options.find((o) => o.value === value) ?? null;

  useEffect(() => {
    if (!open) return undefined;
    setActive(Math.max(0, filtered.findIndex((o) => o.value === value)));
    if (searchable) search.current?.focus();
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const choose = (o: SelectOption<V>) => {
    if (o.disabled) return;
    onChange(o.value);
    setOpen(false);
    setQuery('');
    button.current?.focus();
  };

  const onKey = (e: React.KeyboardEvent) => {
    if (!open) {
      if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        setOpen(true);
      }
      return;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(filtered.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const o = filtered[active];
      if (o) choose(o);
    }
  };

  let lastGroup: string | undefined;
  return (
    <div className={`field select${error ? ' has-error' : ''}`} ref={root} onKeyDown={onKey}>
      <span className={hideLabel ? 'visually-hidden' : 'field-label'} id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="field-input select-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${id}-value`}>{selected ? selected.label : placeholder}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <div className="select-popup">
          {searchable && (
            <input
              ref={search}
              className="field-input"
              type="search"
              placeholder="Search"
              aria-label="Search options"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
            />
          )}
          <ul className={`select-options${grouped ? ' is-grouped' : ''}`} role="listbox" aria-labelledby={`${id}-label`}>
            {filtered.length === 0 && <li className="select-empty">No results</li>}
            {filtered.map((o, i) => {
              const header = grouped && o.group !== lastGroup ? o.group : undefined;
              lastGroup = o.group;
              return (
                <li key={o.value} role="presentation">
                  {header && <div className="select-group" role="presentation">{header}</div>}
                  <div
                    role="option"
                    aria-selected={o.value === value}
                    aria-disabled={o.disabled || undefined}
                    className={`select-option${i === active ? ' is-active' : ''}`}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => choose(o)}
                  >
                    {o.label}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}

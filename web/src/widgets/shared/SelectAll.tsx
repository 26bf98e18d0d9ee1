// The multi-select's 'Select all' value (platform spec §5): one checkbox that toggles every option,
// shown checked when all are selected and mixed when some are.
import { useEffect, useRef } from 'react';

export function toggleAll<T>(all: readonly T[], selected: readonly T[]): T[] {
  return all.every((x) => selected.includes(x)) ? [] : [...all];
}

export function SelectAll<T>({ all, selected, onChange, disabled }: { all: readonly T[]; selected: readonly T[]; onChange: (next: T[]) => void; disabled?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const every = all.length > 0 && all.every((x) => selected.includes(x));
  const some = all.some((x) => selected.includes(x));
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !every;
  }, [some, every]);
  return (
    <label className="ws-check ws-select-all">
      <input ref={ref} type="checkbox" checked={every} disabled={disabled || all.length === 0} aria-checked={some && !every ? 'mixed' : every} onChange={() => onChange(toggleAll(all, selected))} /> Select all
    </label>
  );
}

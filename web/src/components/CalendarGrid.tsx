// The calendar picker's month grid (app spec §9: the week starts on Monday). One month at a time with
// previous / next buttons; each day is a button named by its date, pressed when chosen, disabled when the
// caller does not offer it. The grid knows no modes: the expirations picker builds its range and
// multiple-dates modes on it.
import { useState } from 'react';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Column headers, Monday first. */
export const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDay = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`;

/** The weeks of a month (`month` 0-11), Monday first: 'yyyy-MM-dd' per day, null outside the month. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // Monday = 0
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => isoDay(year, month, i + 1))];
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** 'Jan 5, 2026' of 'yyyy-MM-dd'. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${SHORT[m - 1]} ${d}, ${y}`;
}

export interface CalendarGridProps {
  /** The month shown first: the month of this 'yyyy-MM-dd'. */
  initial: string;
  onPick: (day: string) => void;
  isSelected?: (day: string) => boolean;
  /** Between the ends of a chosen range (drawn lighter than the ends). */
  inRange?: (day: string) => boolean;
  isEnabled?: (day: string) => boolean;
  label: string;
}

export function CalendarGrid({ initial, onPick, isSelected = () => false, inRange = () => false, isEnabled = () => true, label }: CalendarGridProps) {
  const [y0, m0] = initial.split('-').map(Number);
  const [ym, setYm] = useState({ y: y0, m: m0 - 1 });
  const move = (delta: number) => setYm(({ y, m }) => ({ y: y + Math.floor((m + delta) / 12), m: (((m + delta) % 12) + 12) % 12 }));
  const title = `${MONTHS[ym.m]} ${ym.y}`;
  return (
    <div className="cal" data-testid="calendar">
      <div className="cal-head">
        <button type="button" className="cal-nav" aria-label="Previous month" onClick={() => move(-1)}>‹</button>
        <span className="cal-title" aria-live="polite">{title}</span>
        <button type="button" className="cal-nav" aria-label="Next month" onClick={() => move(1)}>›</button>
      </div>
      <table className="cal-grid" role="grid" aria-label={`${label}, ${title}`}>
        <thead>
          <tr>{WEEKDAYS.map((w) => <th key={w} scope="col">{w}</th>)}</tr>
        </thead>
        <tbody>
          {monthWeeks(ym.y, ym.m).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) => (
                <td key={j}>
                  {day ? (
                    <button
                      type="button"
                      className={`cal-day${isSelected(day) ? ' is-selected' : ''}${inRange(day) ? ' in-range' : ''}`}
                      aria-label={dayLabel(day)}
                      aria-pressed={isSelected(day)}
                      disabled={!isEnabled(day)}
                      data-day={day}
                      onClick={() => onPick(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

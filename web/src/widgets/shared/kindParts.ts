// Pieces several kinds' definitions share: the checks every ticker widget makes and the words of the
// historical/live part of a subtitle.
import { formatDate } from '../../domain/expirations';
import { V } from '../../domain/validation';

interface TickerAndDate {
  ticker?: string;
  date?: string | null;
}

/** Every ticker widget: a ticker, and a date once Historical is chosen. */
export function tickerErrors(c: TickerAndDate): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!c.ticker || !String(c.ticker).trim()) errors.ticker = V.tickerRequired;
  if (c.date === '') errors.date = V.dateRequired;
  return errors;
}

/**
 * 'Historical Mar 11, 2026 15:00 ET' for a historical widget, else `live` (nothing by default: whether live
 * data is live, delayed or a previous close is the freshness bar's one state, docs/methodology.md "Freshness").
 */
export function modeWords(date: string | null | undefined, live = ''): string {
  if (!date) return live;
  const [d, t] = date.split(' ');
  return `Historical ${formatDate(d)}${t ? ` ${t} ET` : ''}`;
}

/** Subtitle parts joined, empty parts left out. */
export function joinParts(parts: string[]): string {
  return parts.filter(Boolean).join(' · ');
}

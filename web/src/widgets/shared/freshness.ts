// Freshness bar of chart widgets (app spec §4): HISTORICAL 'Calculated {date}', LIVE 'EXPIRES TODAY' /
// 'EXPIRES IN {n days}', OUTDATED when the chosen expirations have passed.
import { formatDate } from '../../workspace/expirations';

export type Freshness =
  | { state: 'HISTORICAL'; text: string }
  | { state: 'LIVE'; text: string }
  | { state: 'OUTDATED'; text: string };

function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * `date` is the configuration's historical 'yyyy-MM-dd HH:mm'; `expirations` the dates the data
 * covers; `today` is New York's date.
 */
export function freshness(date: string | null | undefined, expirations: string[] | undefined, today: string): Freshness | null {
  if (date) {
    const [d, t] = date.split(' ');
    return { state: 'HISTORICAL', text: `Calculated ${formatDate(d)}${t ? ` ${t}` : ''}` };
  }
  if (!expirations || expirations.length === 0) return null;
  const upcoming = expirations.filter((e) => e >= today).sort();
  if (upcoming.length === 0) return { state: 'OUTDATED', text: 'OUTDATED' };
  const n = dayDiff(today, upcoming[0]);
  if (n === 0) return { state: 'LIVE', text: 'EXPIRES TODAY' };
  return { state: 'LIVE', text: `EXPIRES IN ${n} ${n === 1 ? 'DAY' : 'DAYS'}` };
}

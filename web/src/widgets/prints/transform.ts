// The prints tape (pure): the route's page of classified prints into the table's cells, and the CSV
// (methodology §4.16).
import type { PrintsRequest, PrintsResponse, TapePrint } from '../../api/data';
import type { Expirations } from '../../domain/types';
import type { CsvTable } from '../shared/csv';
import { clockText } from '../../lib/format';

export interface PrintsConfiguration {
  ticker: string;
  date?: string | null;
  expirations?: Expirations | null;
  minPremium?: number;
  side?: PrintsRequest['side'];
  sort?: PrintsRequest['sort'];
}

export const PAGE_SIZE = 50;

export const SIDE_LABELS: Record<PrintsRequest['side'], string> = {
  all: 'All sides', buy: 'Customer buys', sell: 'Customer sells', unclassified: 'Unclassified',
};

/** The route's parameters for a page of the tape. */
export function printsRequest(c: PrintsConfiguration, page = 1): PrintsRequest {
  return {
    ticker: c.ticker, expirations: c.expirations ?? null, minPremium: c.minPremium ?? 0, side: c.side ?? 'all',
    sort: c.sort ?? 'premium', page, pageSize: PAGE_SIZE, date: c.date ?? null,
  };
}

const NY_TIME = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** '10:31:05' New York time. */
export function tapeTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? clockText(NY_TIME.format(new Date(t))) : '';
}

/** 'Jan 16 5800 P'. */
export function contractLabel(p: Pick<TapePrint, 'expiration' | 'strike' | 'right'>): string {
  const [y, m, d] = p.expiration.split('-').map(Number);
  const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${month} ${d} ${p.strike} ${p.right}`;
}

export function money(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e6) return `$${(v / 1e6).toFixed(2)}M`;
  if (a >= 1e3) return `$${(v / 1e3).toFixed(1)}K`;
  return `$${v.toFixed(0)}`;
}

export interface TapeRow {
  key: string;
  time: string;
  contract: string;
  size: string;
  price: string;
  nbbo: string;
  premium: string;
  customer: string;
  dealer: string;
  legs: string;
  /** 'buy', 'sell' or '' (the row's colour). */
  side: string;
}

const word = (s: string | null) => (s === 'buy' ? 'Buy' : s === 'sell' ? 'Sell' : '—');

export function tapeRows(resp: Pick<PrintsResponse, 'prints'>): TapeRow[] {
  return (resp.prints ?? []).map((p, i) => ({
    key: `${p.ts}-${i}`,
    time: tapeTime(p.ts),
    contract: contractLabel(p),
    size: String(p.size),
    price: p.price.toFixed(2),
    nbbo: p.bid === null || p.ask === null ? '—' : `${p.bid.toFixed(2)} × ${p.ask.toFixed(2)}`,
    premium: money(p.premium),
    customer: word(p.customerSide),
    dealer: word(p.dealerSide),
    legs: p.legs === 'single' ? 'Single' : `Multi (${p.condition})`,
    side: p.customerSide ?? '',
  }));
}

/** The served rows with their units. */
export function tapeCsv(resp: PrintsResponse): CsvTable {
  const columns = ['time (UTC)', 'expiration', 'strike (price points)', 'right', 'size (contracts)', 'price ($ per share)', 'bid ($ per share)',
    'ask ($ per share)', 'premium ($)', 'customer side', 'dealer side', 'legs', 'condition', 'package id'];
  const rows = (resp.prints ?? []).map((p) => [p.ts, p.expiration, p.strike, p.right, p.size, p.price, p.bid, p.ask, p.premium,
    p.customerSide, p.dealerSide, p.legs, p.condition, p.packageId]);
  return { columns, rows };
}

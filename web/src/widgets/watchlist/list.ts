// The key levels widget's configuration: a list of tickers (pure helpers shared by the editor and the kind).

export interface WatchlistConfiguration {
  tickers: string[];
  /** 'yyyy-MM-dd HH:mm' (New York time) when historical; absent when live. */
  date?: string | null;
}

/** As many tickers as the server accepts in one list (domain.vocabulary.MAX_MIXED_TICKERS). */
export const MAX_LIST = 20;

/** The list a new key levels widget starts with: the index tickers every demo store serves first (a ticker
 * outside the store would refuse the whole list). */
export const DEFAULT_LIST = ['SPX', 'SPY', 'QQQ', 'IWM'];

export const LIST_MESSAGES = {
  empty: 'Add at least one ticker',
  tooLong: `At most ${MAX_LIST} tickers`,
} as const;

export function addTicker(list: readonly string[], ticker: string): string[] {
  const t = ticker.trim().toUpperCase();
  return !t || list.includes(t) || list.length >= MAX_LIST ? [...list] : [...list, t];
}

export function removeTicker(list: readonly string[], ticker: string): string[] {
  return list.filter((t) => t !== ticker);
}

/** The starting list of a new widget on `ticker`: that ticker first, then the default list. */
export function startingList(ticker: string): string[] {
  const t = ticker.trim().toUpperCase();
  return !t || DEFAULT_LIST.includes(t) ? [...DEFAULT_LIST] : [t, ...DEFAULT_LIST];
}

export function validateList(c: Partial<WatchlistConfiguration>): Record<string, string> {
  const n = c.tickers?.length ?? 0;
  if (n === 0) return { tickers: LIST_MESSAGES.empty };
  if (n > MAX_LIST) return { tickers: LIST_MESSAGES.tooLong };
  return {};
}

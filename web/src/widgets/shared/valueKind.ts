// The ticker-only value kinds (ticker summary, 0DTE, dealer premium, liquidity): a ticker and an optional
// historical date, one data call, a tile of figures. A folder gives its data call, renderer and preview
// figures; the rest of its KindDef is made here.
import { lazy, type ComponentType } from 'react';
import { dataKeys } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import { validateZeroDteTicker } from '../../domain/validation';
import type { KindParts, RendererProps, WidgetKind } from '../types';
import { joinParts, modeWords, tickerErrors } from './kindParts';
import { figuresCsv } from './csv';

export interface ValueKindSpec<D> {
  kind: WidgetKind;
  title: string;
  /** The data call: the ticker, the request's signal, the historical date. */
  load: (ticker: string, signal: AbortSignal, date?: string | null) => Promise<D>;
  loadRenderer: () => Promise<{ default: ComponentType<RendererProps<D, any>> }>;
  isEmpty: (data: D) => boolean;
  sample: () => D;
  /** The ticker must be on today's 0DTE list (the editor offers that list; the dialog checks it). */
  zeroDte?: boolean;
  /** The answer's fields the tile shows, in its order: the CSV lists them with their served units. */
  csvFields?: readonly string[];
}

export function valueKind<D extends { lastModified?: string | null } | null>(spec: ValueKindSpec<D>): KindParts<D, TickerConfiguration> {
  const { kind, title, load, loadRenderer, zeroDte = false } = spec;
  return {
    kind,
    title,
    Editor: zeroDte ? lazy(() => import('./TickerOnlyEditor').then((m) => ({ default: m.ZeroDteTickerEditor }))) : lazy(() => import('./TickerOnlyEditor')),
    Renderer: lazy(loadRenderer),
    preload: loadRenderer,
    queryOptions: (c) => ({
      queryKey: dataKeys.widget(kind, { ticker: c.ticker, date: c.date ?? null }),
      queryFn: ({ signal }) => load(c.ticker, signal, c.date),
    }),
    isEmpty: (d) => spec.isEmpty(d),
    sample: () => spec.sample(),
    lastModified: (d) => d?.lastModified,
    defaults: (ticker) => ({ ticker }),
    validate: (c, ctx) => {
      const errors = tickerErrors(c);
      const zeroDteError = zeroDte ? validateZeroDteTicker(c.ticker, ctx.zeroDteTickers) : null;
      if (zeroDteError) errors.ticker = zeroDteError;
      return errors;
    },
    caption: (c) => `${c.ticker ?? ''} · ${title}`,
    subtitle: (c) => joinParts([modeWords(c.date)]),
    ...(spec.csvFields ? { toCsv: (d: D) => figuresCsv(d, spec.csvFields!.map((field) => ({ field }))) } : {}),
    ...(zeroDte ? { needs: ['zeroDteTickers'] as const, eagerErrors: ['ticker'] } : {}),
  };
}

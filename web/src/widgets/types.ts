// Contract of a widget kind in the registry: everything a kind knows, in one object.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { WidgetKind } from '../api/enums';
import type { Clock } from '../domain/expirations';
import type { WidgetSize, WidgetType } from '../domain/types';
import type { CsvTable } from './shared/csv';

/**
 * The widget kinds offered by the widget dialog, in its order: the kinds table's (api/workspaces/kinds.py,
 * generated into ../api/enums.ts). A chart kind is one `CHART` type told apart by its `configuration.type`.
 */
export type { WidgetKind };

export interface RendererProps<D = unknown, C = Record<string, unknown>> {
  data: D;
  configuration: C;
  width: number;
  height: number;
}

export interface EditorProps<C = Record<string, unknown>> {
  configuration: C;
  onChange: (patch: Partial<C>) => void;
  errors: Record<string, string>;
  disabled?: boolean;
  /** Fields shown as 'Mixed' in a group edit. */
  mixed?: string[];
}

export interface WidgetQuery<D> {
  queryKey: QueryKey;
  queryFn: (ctx: { signal: AbortSignal }) => Promise<D>;
}

/** What the widget dialog knows when it validates a draft. */
export interface ValidationContext {
  /** Today's 0DTE tickers, when the kind asked for them (`needs`). */
  zeroDteTickers?: string[];
  /** The ticker's expirations, when the kind asked for them (`needs`). */
  availableExpirations?: string[];
  clock: Clock;
  tier?: string | null;
}

/** Lists the widget dialog loads for a kind's validation. */
export type DialogNeed = 'zeroDteTickers' | 'expirations';

/** A kind as its folder writes it (`<kind>/index.ts`, default export). */
export interface KindParts<D = unknown, C = any> {
  kind: WidgetKind;
  /** Label in the widget dialog's list and the fallback caption. */
  title: string;
  Editor: LazyExoticComponent<ComponentType<EditorProps<any>>>;
  Renderer: LazyExoticComponent<ComponentType<RendererProps<D, any>>>;
  /** Starts loading the renderer's chunk ahead of the first render. */
  preload?: () => Promise<unknown>;
  queryOptions: (configuration: C) => WidgetQuery<D>;
  isEmpty: (data: D, configuration: C) => boolean;
  /** Demonstration data for the preview while required fields are missing. */
  sample: (configuration: C) => D;
  /** Expirations the data covers (freshness bar). */
  expirations?: (data: D) => string[] | undefined;
  lastModified?: (data: D) => string | null | undefined;

  /** The configuration of a new widget of the kind on `ticker`. */
  defaults: (ticker: string) => C;
  /** Field → message for a draft configuration; empty when it can be saved (`tier`: the plan refuses it). */
  validate: (configuration: C, ctx: ValidationContext) => Record<string, string>;
  /** The header's caption when the widget has no name: 'SPX · Gamma exposure'. */
  caption: (configuration: C) => string;
  /** What is plotted beyond the caption ('Calls + puts · All expirations · Live'); '' for none. */
  subtitle: (configuration: C) => string;
  /** A saved configuration in today's shape (older records keep the spelling they were saved with). */
  migrate?: (saved: Record<string, unknown>) => C;
  /** Lists the dialog loads for `validate`. */
  needs?: readonly DialogNeed[];
  /** Fields whose message the dialog shows before the first attempt to save. */
  eagerErrors?: readonly string[];
  /** The widget's header offers to change its expiration selection. */
  headerExpirations?: boolean;
  /**
   * The numbers the widget draws, as a table whose header names each column's unit (the ⋮ menu's CSV):
   * values exactly as the route served them. Without it the CSV lists every field of the answer.
   */
  toCsv?: (data: D, configuration: C) => CsvTable;
}

/** A row of the widget kinds table: the saved type and the size a new widget starts with. */
export interface KindRow {
  type: WidgetType;
  defaultSize: WidgetSize;
  chartNames: readonly string[];
}

/** A registered kind: its parts and its row of the kinds table, the only source of its type and sizes. */
export interface KindDef<D = unknown, C = any> extends KindParts<D, C>, KindRow {
  /** Full screen is offered for chart widgets only. */
  chart: boolean;
}

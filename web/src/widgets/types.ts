// Contract of a widget kind in the registry.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { WidgetSize, WidgetType } from '../domain/types';

/** The widget kinds offered by the widget dialog (a chart kind is one `CHART` type with its `configuration.type`). */
export type Kind =
  | 'summary'
  | 'exposure'
  | 'surface'
  | 'statistics'
  | 'ticker'
  | 'aggregate'
  | 'zerodte'
  | 'dealer_premium'
  | 'liquidity'
  | 'screener';

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

/** A widget kind: the only source of its title, saved type and default size, and of its parts. */
export interface KindDef<D = unknown> {
  kind: Kind;
  /** Label in the widget dialog's list and the fallback caption. */
  title: string;
  /** The saved widget's `type`. */
  type: WidgetType;
  /** Size chosen when a widget of the kind is added (one of the type's sizes in the grid tables). */
  defaultSize: WidgetSize;
  /** Full screen is offered for chart widgets only. */
  chart: boolean;
  Editor: LazyExoticComponent<ComponentType<EditorProps<any>>>;
  Renderer: LazyExoticComponent<ComponentType<RendererProps<D, any>>>;
  /** Starts loading the renderer's chunk ahead of the first render. */
  preload?: () => Promise<unknown>;
  queryOptions: (configuration: any) => WidgetQuery<D>;
  isEmpty: (data: D, configuration: any) => boolean;
  /** Demonstration data for the preview while required fields are missing. */
  sample: (configuration: any) => D;
  /** Expirations the data covers (freshness bar). */
  expirations?: (data: D) => string[] | undefined;
  lastModified?: (data: D) => string | null | undefined;
}

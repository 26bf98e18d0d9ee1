// What the workspace asks of any widget: its kind, a new or edited draft, the draft's validation, the
// header's caption and subtitle. Each answer loops over the registry or asks the widget's KindDef; no kind
// is named here.
import type { Widget, WidgetConfiguration } from '../domain/types';
import { DEFAULT_TICKER } from '../domain/labels';
import { kindDef, kindsOfType } from './registry';
import type { KindDef, ValidationContext, WidgetKind } from './types';
import { genericCsv, type CsvTable } from './shared/csv';

export type { ValidationContext, WidgetKind };

/** The kind of a saved widget: the one kind of its type, or, for a type several kinds share (CHART), the
 * kind its configuration's `type` names. Null for a type no kind creates. */
export function kindOf(widget: Pick<Widget, 'type' | 'configuration'>): WidgetKind | null {
  const candidates = kindsOfType(widget.type);
  if (candidates.length === 1) return candidates[0];
  const named = (widget.configuration as { type?: unknown } | null)?.type;
  return candidates.find((k) => k === named) ?? null;
}

/** The widget's KindDef, or null. */
export function defOf(widget: Pick<Widget, 'type' | 'configuration'>): KindDef<any> | null {
  return kindDef(kindOf(widget));
}

/** A saved configuration in today's shape (the kind's migration, if it has one). */
export function configurationOf(widget: Pick<Widget, 'type' | 'configuration'>): WidgetConfiguration {
  const def = defOf(widget);
  const saved = (widget.configuration ?? {}) as Record<string, unknown>;
  return def?.migrate ? def.migrate(saved) : saved;
}

export interface WidgetDraft {
  kind: WidgetKind;
  name: string | null;
  size: Widget['size'];
  configuration: WidgetConfiguration;
}

export function newDraft(kind: WidgetKind): WidgetDraft {
  const def = kindDef(kind);
  if (!def) throw new Error(`No widget kind '${kind}' is registered.`);
  return { kind, name: null, size: def.defaultSize, configuration: def.defaults(DEFAULT_TICKER) };
}

/** The draft of a saved widget in the dialog, or null when no kind creates its type. */
export function draftOf(widget: Pick<Widget, 'type' | 'configuration' | 'name' | 'size'>): WidgetDraft | null {
  const kind = kindOf(widget);
  return kind ? { kind, name: widget.name, size: widget.size, configuration: { ...(configurationOf(widget) as object) } } : null;
}

/** Field → message for a widget draft. An empty object means the draft can be saved. */
export function validateDraft(draft: WidgetDraft, ctx: ValidationContext): Record<string, string> {
  return kindDef(draft.kind)?.validate(draft.configuration, ctx) ?? {};
}

/** The preview is real only when the required fields are filled (a plan that refuses the kind aside). */
export function draftIsComplete(draft: WidgetDraft, ctx: ValidationContext): boolean {
  const errors = validateDraft(draft, ctx);
  delete errors.tier;
  return Object.keys(errors).length === 0;
}

/** The messages the dialog shows before the first attempt to save: the kind's eager fields. */
export function eagerErrors(draft: WidgetDraft, errors: Record<string, string>): Record<string, string> {
  const eager = kindDef(draft.kind)?.eagerErrors ?? [];
  return Object.fromEntries(Object.entries(errors).filter(([field]) => eager.includes(field)));
}

/** A short caption for the widget header: its name, else what its kind says ('SPX · Gamma exposure'). */
export function widgetCaption(widget: Pick<Widget, 'type' | 'configuration' | 'name'>): string {
  if (widget.name) return widget.name;
  const def = defOf(widget);
  if (!def) return `${(widget.configuration as { ticker?: string } | null)?.ticker ?? ''} · ${widget.type}`;
  return def.caption(configurationOf(widget));
}

/**
 * The subtitle under a chart's title: what is plotted beyond the title — kind, expiration selection,
 * cumulative, and the historical date ('Calls + puts · All expirations · Cumulative · Historical Mar 11, 2026 15:00').
 */
export function widgetSubtitle(widget: Pick<Widget, 'type' | 'configuration'>): string {
  const def = defOf(widget);
  return def ? def.subtitle(configurationOf(widget)) : '';
}

/** The widget's header offers to change its expiration selection. */
export function offersHeaderExpirations(widget: Pick<Widget, 'type' | 'configuration'>): boolean {
  return Boolean(defOf(widget)?.headerExpirations);
}

/** The numbers a widget draws from `data` (its answer), as a table with units: its kind's `toCsv`, else
 * every field of the answer. */
export function widgetCsv(widget: Pick<Widget, 'type' | 'configuration'>, data: unknown): CsvTable {
  const def = defOf(widget);
  return def?.toCsv ? def.toCsv(data, configurationOf(widget)) : genericCsv(data);
}

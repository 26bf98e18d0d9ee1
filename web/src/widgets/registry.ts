// The one widget registry: kind → KindDef. Every folder `<kind>/index.ts` is registered (a new kind needs
// no line here), with its row of the widget kinds table (api/workspaces/kinds.py, generated into
// ../api/enums.ts) for the saved type and default size. A folder without a row, a row without a folder or
// a default size the type does not come in fails at registration.
import { WIDGET_KINDS, WIDGET_KIND_TABLE } from '../api/enums';
import { availableSizes } from '../domain/grid';
import type { KindDef, KindParts, KindRow, WidgetKind } from './types';

const defs = new Map<string, KindDef<any>>();

function registrationError(kind: string, problem: string): Error {
  return new Error(`Widget kind '${kind}': ${problem}`);
}

/**
 * Registers a kind with its row (by default the kinds table's). Returns the function that removes it again
 * (a test's fixture kind).
 */
export function registerKind<D, C>(parts: KindParts<D, C>, row: KindRow | undefined = (WIDGET_KIND_TABLE as Record<string, KindRow>)[parts.kind]): () => void {
  const kind = parts.kind;
  if (!row) throw registrationError(kind, 'no row in the widget kinds table (api/workspaces/kinds.py); run `npm run gen:api`.');
  if (defs.has(kind)) throw registrationError(kind, 'registered twice.');
  if (!availableSizes(row.type).includes(row.defaultSize)) throw registrationError(kind, `${row.type} widgets do not come in size ${row.defaultSize}.`);
  for (const part of ['Editor', 'Renderer', 'queryOptions', 'isEmpty', 'sample', 'defaults', 'validate', 'caption', 'subtitle'] as const) {
    if (!parts[part]) throw registrationError(kind, `${part} is missing.`);
  }
  const def: KindDef<D, C> = { ...parts, type: row.type, defaultSize: row.defaultSize, chartNames: row.chartNames, chart: row.type === 'CHART' };
  defs.set(kind, def);
  return () => {
    if (defs.get(kind) === def) defs.delete(kind);
  };
}

// Each kind's folder, found by its index module: './exposure/index.ts' registers 'exposure'.
const folders = import.meta.glob<{ default: KindParts<any> }>('./*/index.ts', { eager: true });
for (const [path, module] of Object.entries(folders)) {
  const folder = path.split('/')[1];
  if (module.default?.kind !== folder) throw registrationError(folder, `its folder's index.ts must export its KindParts as default, with kind '${folder}'.`);
  registerKind(module.default);
}
const missing = WIDGET_KINDS.filter((kind) => !defs.has(kind));
if (missing.length) throw registrationError(missing.join(', '), 'a row of the widget kinds table without a folder in web/src/widgets/.');

/** The registered kinds in the widget dialog's order: the table's, then any registered later. */
export function kinds(): WidgetKind[] {
  const order = WIDGET_KINDS as readonly string[];
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return [...defs.keys()].sort((a, b) => rank(a) - rank(b)) as WidgetKind[];
}

export function kindDef(kind: WidgetKind | null | undefined): KindDef<any> | null {
  return kind ? defs.get(kind) ?? null : null;
}

/** The kinds saved with a widget type (several for CHART, told apart by `configuration.type`). */
export function kindsOfType(type: string): WidgetKind[] {
  return kinds().filter((k) => defs.get(k)?.type === type);
}

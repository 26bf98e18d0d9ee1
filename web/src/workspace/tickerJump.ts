// Following a ticker (a key levels or screener row, the header's ticker search): the one rule, pure.
// From a grouped widget the group's ticker changes (every member with a ticker follows); otherwise an
// exposure chart of the ticker is added (historical at the same time when the widget it came from is).
import type { Widget } from '../domain/types';
import { placeNewWidget } from '../domain/grid';
import { kindDef } from '../widgets/registry';
import { changeGroupTicker, widgetsOfGroup } from './groups';
import { widgetId } from './presets';

export interface Jump {
  widgets: Widget[];
  /** The exposure chart added, when no group followed the ticker. */
  added: Widget | null;
  /** The group whose ticker changed. */
  groupId: number | null;
}

function hasTicker(w: Widget): boolean {
  return typeof (w.configuration as { ticker?: unknown } | null)?.ticker === 'string';
}

export function jumpToTicker(widgets: Widget[], from: Widget | null, ticker: string): Jump {
  const groupId = from?.group?.id ?? 0;
  if (groupId && widgetsOfGroup(widgets, groupId).some(hasTicker)) {
    return { widgets: changeGroupTicker(widgets, groupId, ticker), added: null, groupId };
  }
  const def = kindDef('exposure');
  if (!def) throw new Error('The exposure chart kind is not registered.');
  const date = (from?.configuration as { date?: string | null } | undefined)?.date;
  const configuration = { ...def.defaults(ticker), ...(date ? { date } : {}) };
  const added: Widget = {
    id: widgetId(),
    name: null,
    type: def.type,
    size: def.defaultSize,
    configuration,
    position: placeNewWidget(widgets, def.type, def.defaultSize),
    group: null,
  };
  return { widgets: [...widgets, added], added, groupId: null };
}

// One widget on the grid: drag handle, caption, group button, menu (Edit, Duplicate, Remove, Full
// screen for charts), freshness bar and the content with its states. In the widget dialog's live preview
// (`preview`) the same card is shown with every editing action disabled (app spec §4).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { nextRefreshQuery } from '../api/stats';
import type { Widget } from '../domain/types';
import { clockText } from '../lib/format';
import { defOf, kindOf, offersHeaderExpirations, widgetCaption, widgetCsv, widgetSubtitle } from '../widgets/kinds';
import { csvText, exportFileName } from '../widgets/shared/csv';
import { saveBlob, widgetPng } from '../widgets/shared/png';
import { withClock } from '../domain/replay';
import { nyDay, nyHhmm } from '../domain/freshness';
import { useNotify } from '../lib/notifications';
import { RELATIVE_PRESETS, describeExpirations } from '../domain/expirations';
import { WidgetBody } from '../widgets/WidgetBody';
import { sourceLabel, stalledBadge, widgetFreshness } from '../widgets/shared/freshness';
import { asOfText } from '../domain/freshness';
import { marketNow } from '../domain/marketClock';
import { GROUPS, NO_GROUP } from './groups';
import { HIGHLIGHT_MS } from '../domain/grid';
import type { ChartConfiguration } from '../domain/types';
import { useMenuButton } from '../components/useMenuButton';
import { TickerLinkContext } from '../widgets/shared/tickerLink';
import { registerWidgetKeys, setActiveWidget } from './activeWidget';

export interface WidgetActions {
  edit: () => void;
  duplicate: () => void;
  remove: () => void;
  setGroup: (groupId: number) => void;
  /** Saves a change of the widget's configuration made from its header (expiration selection). */
  configure?: (patch: Partial<ChartConfiguration>) => void;
  /** Follows a ticker the widget names (a key levels or screener row): workspace/tickerJump.ts. */
  openTicker?: (ticker: string) => void;
}

/** The relative preset after the current one (the `e` shortcut); a custom selection starts the cycle over. */
export function nextExpirations(value: ChartConfiguration['expirations']): NonNullable<ChartConfiguration['expirations']> {
  const i = RELATIVE_PRESETS.findIndex((p) => p.option === (value?.option ?? 'ALL'));
  return { option: RELATIVE_PRESETS[(i + 1) % RELATIVE_PRESETS.length].option };
}

/** 'STALLED' when GET data/next-refresh reports a stalled snapshot refresh (live widgets only). */
export function StalledBadge({ date }: { date: string | null | undefined }) {
  const schedule = useQuery(nextRefreshQuery());
  const stalled = stalledBadge(date, schedule.data);
  const title = stalled ? clockText(stalled) : stalled;
  if (!title) return null;
  return (
    <span className="ws-freshness-stalled" data-testid="freshness-stalled" title={title}>
      STALLED
    </span>
  );
}

/**
 * The freshness bar under every widget (docs/methodology.md, "Freshness"): exactly one state of the rule
 * (LIVE, DELAYED with the tier's slot, PREVIOUS CLOSE, HISTORICAL, OUTDATED), the as-of time of the snapshot
 * drawn in New York time, a chart's nearest expiration, and the source with its delay.
 */
export function FreshnessBar({ widget, data }: { widget: Pick<Widget, 'type' | 'configuration'>; data: unknown }) {
  const def = defOf(widget);
  const c = widget.configuration as ChartConfiguration;
  const schedule = useQuery(nextRefreshQuery());
  const now = marketNow(schedule.data, schedule.dataUpdatedAt, Date.now());
  const lm = def?.lastModified?.(data);
  const f = widgetFreshness({
    tier: schedule.data?.tier,
    now,
    date: c.date,
    lastModified: lm,
    newest: schedule.data?.lastPublished,
    stalled: schedule.data?.stalled,
    expirations: def?.expirations?.(data),
    allExpirations: !c.expirations || c.expirations.option === 'ALL',
  });
  const src = sourceLabel(data);
  if (!f && !lm && !src) return null;
  // The rule writes its times in 24 h (golden cases); the viewer's clock applies on screen only.
  const asOfRaw = f?.asOf ?? asOfText(lm);
  const asOf = asOfRaw ? clockText(asOfRaw) : asOfRaw;
  const detail = f ? clockText(f.detail) : '';
  // The state and the as-of time come first: on a small tile the bar keeps two lines, the rest in its title.
  const full = [f?.state, asOf ? `as of ${asOf}` : null, f && f.state !== 'LIVE' ? detail : null, f?.expiry, src].filter(Boolean).join(' · ');
  return (
    <div className="ws-freshness" data-state={f?.state ?? 'UNKNOWN'} data-testid="freshness" title={full}>
      {f ? <span className="ws-freshness-state" data-testid="freshness-state">{f.state}</span> : null}
      {asOf ? <span className="ws-freshness-time" data-testid="freshness-asof">as of {asOf}</span> : null}
      {f && f.state !== 'LIVE' ? <span className="ws-freshness-detail" data-testid="freshness-detail">{detail}</span> : null}
      {f?.expiry ? <span className="ws-freshness-expiry">{f.expiry}</span> : null}
      <StalledBadge date={c.date} />
      {src ? <span className="ws-freshness-source" data-testid="freshness-source">{src}</span> : null}
    </div>
  );
}

/** The expiration selection in the widget header: the relative presets; a custom choice stays in Edit. */
function HeaderExpirations({ value, onChange }: { value: ChartConfiguration['expirations']; onChange: (e: NonNullable<ChartConfiguration['expirations']>) => void }) {
  const current = value?.option ?? 'ALL';
  const relative = RELATIVE_PRESETS.some((p) => p.option === current);
  return (
    <select
      className="ws-header-select"
      aria-label="Expirations"
      value={relative ? current : ''}
      onChange={(e) => e.target.value && onChange({ option: e.target.value as NonNullable<ChartConfiguration['expirations']>['option'] })}
    >
      {relative ? null : <option value="">{describeExpirations(value)}</option>}
      {RELATIVE_PRESETS.map((p) => (
        <option key={p.option} value={p.option}>{p.label}</option>
      ))}
    </select>
  );
}

const NO_ACTIONS: WidgetActions = { edit: () => undefined, duplicate: () => undefined, remove: () => undefined, setGroup: () => undefined };

/** The product's name drawn over every exported chart picture (as on the card). */
export const WATERMARK = 'Volland';

/** '2026-01-02 15:35 ET': the snapshot time an export carries (New York). */
export function exportTime(iso: string | null | undefined): string | null {
  const t = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(t)) return null;
  const d = new Date(t);
  return `${nyDay(d)} ${nyHhmm(d)} ET`;
}

export type WidgetCardProps =
  | {
      preview?: false;
      widget: Widget;
      actions: WidgetActions;
      dragging: boolean;
      highlighted: boolean;
      /** The workspace's replay time ('yyyy-MM-dd HH:mm'): a widget in historical mode draws it. */
      clockDate?: string | null;
    }
  /** The dialog's live preview: editing actions disabled; `sample` shows demonstration data. */
  | { preview: true; widget: Pick<Widget, 'type' | 'configuration' | 'name'> & Partial<Widget>; sample: boolean };

export function WidgetCard(props: WidgetCardProps) {
  const preview = props.preview === true;
  const saved = props.widget as Widget;
  const clockDate = preview ? null : props.clockDate ?? null;
  // What the card draws: the saved widget, or, under the replay clock, the same widget at the clock's time.
  const widget = useMemo(() => withClock(saved, clockDate), [saved, clockDate]);
  const following = widget !== saved;
  const actions = preview ? NO_ACTIONS : props.actions;
  const dragging = preview ? false : props.dragging;
  const highlighted = preview ? false : props.highlighted;
  const [menuState, setMenu] = useState<null | 'main' | 'group'>(null);
  const menu = preview ? null : menuState;
  const mainMenu = useMenuButton(menu === 'main', (open) => setMenu(open ? 'main' : null));
  const groupMenu = useMenuButton(menu === 'group', (open) => setMenu(open ? 'group' : null));
  const [full, setFull] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // The answer on screen, for the exports (set when the body draws it).
  const shownData = useRef<unknown>(null);
  const notify = useNotify();
  const def = defOf(widget);
  const group = widget.group ?? null;
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [highlighted]);
  // The keyboard's actions on this card (full screen `f`, next expirations `e`) while it is the active one.
  const cycles = !preview && Boolean(actions.configure) && offersHeaderExpirations(widget);
  const latest = useRef({ actions, widget });
  latest.current = { actions, widget };
  useEffect(() => {
    if (preview || !widget.id) return undefined;
    return registerWidgetKeys(widget.id, {
      toggleFullScreen: def?.chart ? () => setFull((f) => !f) : undefined,
      cycleExpirations: cycles
        ? () => latest.current.actions.configure?.({ expirations: nextExpirations((latest.current.widget.configuration as ChartConfiguration).expirations) })
        : undefined,
    });
  }, [preview, widget.id, def?.chart, cycles]);
  useEffect(() => {
    if (!full) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFull(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [full]);
  const caption = widgetCaption(widget);
  const subtitle = clockText(widgetSubtitle(widget));
  const lastModified = () => (def?.lastModified?.(shownData.current) ?? null) as string | null;
  const downloadCsv = () => {
    const data = shownData.current;
    if (!data) return;
    const text = csvText(widgetCsv(widget, data));
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), exportFileName(caption, lastModified(), 'csv'));
  };
  const downloadPng = () => {
    const body = ref.current?.querySelector<HTMLElement>('.ws-widget-body');
    const data = shownData.current;
    if (!body || !data) return;
    const style = getComputedStyle(ref.current as HTMLElement);
    widgetPng(body, { title: caption, subtitle, asOf: exportTime(lastModified()), source: sourceLabel(data), watermark: WATERMARK }, { background: style.backgroundColor || '#151a2b', text: style.color || '#e6e9f5' })
      .then((blob) => saveBlob(blob, exportFileName(caption, lastModified(), 'png')))
      .catch((e: unknown) => notify({ type: 'ERROR', title: 'Picture not saved', content: e instanceof Error ? e.message : undefined }));
  };
  // Full screen keeps the card mounted (a surface keeps its WebGL context): the stylesheet lifts the
  // grid cell's CSS transform while it holds a full-screen card, so the fixed position covers the window.
  const card = (
    <div
      ref={ref}
      className={`ws-widget${highlighted ? ' is-highlighted' : ''}${full ? ' is-fullscreen' : ''}`}
      data-testid={preview ? 'widget-preview' : 'widget'}
      data-preview={preview ? 'true' : undefined}
      data-widget-id={widget.id}
      data-follows-replay={following ? 'true' : undefined}
      data-kind={kindOf(widget) ?? widget.type}
      data-group={group?.id ?? 0}
      onPointerEnter={preview ? undefined : () => setActiveWidget(widget.id)}
      onFocus={preview ? undefined : () => setActiveWidget(widget.id)}
      style={{ ['--group-color' as string]: group?.color ?? NO_GROUP.color, ['--highlight-ms' as string]: `${HIGHLIGHT_MS}ms` }}
    >
      <header className="ws-widget-header">
        {preview ? null : <span className="ws-widget-drag" aria-hidden="true" title="Drag to move">⠿</span>}
        <button
          type="button"
          className="ws-group-btn"
          aria-label={group ? `Group ${group.name}` : 'Set group'}
          disabled={preview}
          {...groupMenu.buttonProps}
          style={{ background: group?.color ?? NO_GROUP.color }}
        />
        <div className="ws-widget-titles">
          <h3 className="ws-widget-title" title={caption}>
            {caption}
          </h3>
          {subtitle ? <span className="ws-widget-subtitle" data-testid="widget-subtitle" title={subtitle}>{subtitle}</span> : null}
        </div>
        {!preview && actions.configure && offersHeaderExpirations(widget) ? <HeaderExpirations value={(widget.configuration as ChartConfiguration).expirations} onChange={(expirations) => actions.configure?.({ expirations })} /> : null}
        {def?.chart ? (
          <button type="button" className="icon-btn" aria-label={full ? 'Exit full screen' : 'Full screen'} disabled={preview} onClick={() => setFull((f) => !f)}>
            ⤢
          </button>
        ) : null}
        <button type="button" className="icon-btn" aria-label="Widget menu" disabled={preview} {...mainMenu.buttonProps}>
          ⋮
        </button>
        {menu === 'main' ? (
          <div className="ws-menu" {...mainMenu.menuProps}>
            <button type="button" role="menuitem" onClick={() => { setMenu(null); actions.edit(); }}>Edit</button>
            <button type="button" role="menuitem" onClick={() => { setMenu(null); actions.duplicate(); }}>Duplicate</button>
            {def?.chart ? (
              <button type="button" role="menuitem" disabled={!shownData.current} onClick={() => { setMenu(null); downloadPng(); }}>Download PNG</button>
            ) : null}
            <button type="button" role="menuitem" disabled={!shownData.current} onClick={() => { setMenu(null); downloadCsv(); }}>Download CSV</button>
            {/* The destructive action last: End reaches it, and it sits apart from the everyday ones. */}
            <button type="button" role="menuitem" onClick={() => { setMenu(null); actions.remove(); }}>Remove</button>
          </div>
        ) : null}
        {menu === 'group' ? (
          <div className="ws-menu ws-group-menu" {...groupMenu.menuProps}>
            {GROUPS.map((g) => (
              <button key={g.id} type="button" role="menuitemradio" aria-checked={group?.id === g.id} onClick={() => { setMenu(null); actions.setGroup(g.id); }}>
                <span className="ws-dot" style={{ background: g.color }} /> {g.name}
              </button>
            ))}
            {group ? (
              <button type="button" role="menuitem" onClick={() => { setMenu(null); actions.setGroup(0); }}>
                Reset Group
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
      <TickerLinkContext.Provider value={preview ? null : actions.openTicker ?? null}>
        <WidgetBody widget={widget} dragging={dragging} sample={preview ? props.sample : undefined} onChangeSetup={preview ? undefined : actions.edit} keepPrevious={following}>
          {(data) => {
            shownData.current = data;
            return <FreshnessBar widget={widget} data={data} />;
          }}
        </WidgetBody>
      </TickerLinkContext.Provider>
      {def?.chart ? <span className="ws-watermark" aria-hidden="true" data-testid="chart-watermark">Volland</span> : null}
    </div>
  );
  return card;
}

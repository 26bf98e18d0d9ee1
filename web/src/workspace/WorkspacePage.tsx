// One workspace: side panel, the widget grid (react-grid-layout, 12 columns, row height 300) and the
// minimap. Drag stop saves every widget's position; small screens show full-width widgets.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { Widget, Workspace } from '../domain/types';
import { GRID_COLS, GRID_MARGIN, SMALL_COLS, DRAG_ACTIVATION_PX, fromGridLayout, placeNewWidget, positionsChanged, toGridLayout } from '../domain/grid';
import { WidgetCard } from './WidgetCard';
import { SidePanel } from './SidePanel';
import { Minimap } from './Minimap';
import { setWidgetGroup } from './groups';
import { useDialogs, useHighlight, useWorkspaceMutations } from './hooks';
import { workspacePath } from './paths';
import { widgetId } from './presets';
import { NEW_WIDGET_EVENT_DELAY_MS } from '../domain/grid';
import { useNotify } from '../lib/notifications';
import { useRowHeight, useScreenClass } from './useScreen';
import { jumpToTicker } from './tickerJump';
import { useReplayClock } from './useReplayClock';
import { ReplayBar } from './ReplayBar';
import { followsClock, nextReplayDate, withClock } from '../domain/replay';
import { configurationOf, defOf } from '../widgets/kinds';
import { DEFAULT_TICKER } from '../domain/labels';

/** The next replay step is loaded at the latest this long after a step, even while other answers load. */
const PREFETCH_LATEST_MS = 600;

/** Whose historical catalogue the replay clock offers: the first historical widget's ticker, else the first
 * widget's, else the default. */
export function clockTicker(widgets: Widget[]): string {
  const ticker = (w: Widget | undefined) => (w?.configuration as { ticker?: string } | undefined)?.ticker;
  return ticker(widgets.find((w) => followsClock(w.configuration) && ticker(w))) ?? ticker(widgets.find((w) => ticker(w))) ?? DEFAULT_TICKER;
}

function EmptyIntro({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="ws-intro-grid" data-testid="empty-intro">
      <div className="ws-intro">
        <h2>Almost done! Just add any widget</h2>
        <p>Widgets show dealer exposure, surfaces, statistics and more. Arrange them freely on the grid.</p>
        <button type="button" className="btn btn-primary" onClick={onAdd}>
          Add a First Widget
        </button>
      </div>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="ws-placeholder" aria-hidden="true" />
      ))}
    </div>
  );
}

export function WorkspacePage({ workspace, search = '', dialogOpen = false }: { workspace: Workspace; search?: string; dialogOpen?: boolean }) {
  // The grid waits for its container's width: drawn first at the default 1280 px, it made a phone browser
  // zoom out for a moment (and everything measured meanwhile took the zoomed-out screen).
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const { update } = useWorkspaceMutations();
  const { open } = useDialogs();
  const highlight = useHighlight();
  const [dragging, setDragging] = useState(false);
  const [minimap, setMinimap] = useState(false);
  const screen = useScreenClass();
  const rowHeight = useRowHeight();
  const small = screen === 'mobile';
  // Phones and tablets have no minimap (app §9 breakpoints: under 768 mobile, under 1024 tablet).
  const desktop = screen === 'desktop';
  const base = workspacePath(workspace.id);
  const layout = useMemo(() => toGridLayout(workspace.widgets, small), [workspace.widgets, small]);

  const clock = useReplayClock({ search, ticker: clockTicker(workspace.widgets), frozen: dialogOpen });
  const following = workspace.widgets.filter((w) => followsClock(w.configuration)).length;
  // Load the next step's answers while this one is on screen, so a step (or the player's beat) draws from
  // answers at hand: once the current step's own requests have answered (they go first) and the browser is
  // idle (the step has drawn), or after PREFETCH_LATEST_MS whatever else is loading. Watching the query cache
  // re-renders nothing.
  const queryClient = useQueryClient();
  const ahead = clock.date ? nextReplayDate(clock.state) : null;
  useEffect(() => {
    if (!ahead) return undefined;
    let done = false;
    const prefetch = () => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(latest);
      for (const w of workspace.widgets) {
        const shown = withClock(w, ahead);
        const q = shown === w ? null : defOf(shown)?.queryOptions(configurationOf(shown));
        if (q) void queryClient.prefetchQuery({ queryKey: q.queryKey, queryFn: q.queryFn, staleTime: 30_000 }).catch(() => undefined);
      }
    };
    let idle: number | null = null;
    const whenIdle = () => {
      if (done || idle !== null || queryClient.isFetching() > 0) return;
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(prefetch, { timeout: PREFETCH_LATEST_MS }) : window.setTimeout(prefetch, 0);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(() => queueMicrotask(whenIdle));
    const latest = setTimeout(prefetch, PREFETCH_LATEST_MS);
    queueMicrotask(whenIdle);
    return () => {
      done = true;
      unsubscribe();
      clearTimeout(latest);
      if (idle !== null && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    };
  }, [ahead, workspace.widgets, queryClient]);

  const notify = useNotify();
  // The grid shows the change at once (optimistic); a refused save restores it and says why.
  const save = useCallback(
    (widgets: Widget[]) =>
      update.mutateAsync({ ...workspace, widgets }).catch((e: unknown) => {
        notify({ type: 'ERROR', title: 'Changes not saved', content: e instanceof Error ? e.message : undefined });
        throw e;
      }),
    [update, workspace, notify],
  );

  const onDragStop = useCallback(
    (next: Layout) => {
      setDragging(false);
      if (small) return;
      const widgets = fromGridLayout(next as unknown as ReturnType<typeof toGridLayout>, workspace.widgets);
      if (positionsChanged(workspace.widgets, widgets)) void save(widgets).catch(() => undefined);
    },
    [small, workspace.widgets, save],
  );

  const actionsFor = (w: Widget) => ({
    edit: () => open(`${base}/${encodeURIComponent(w.id)}/edit`),
    remove: () => open(`${base}/${encodeURIComponent(w.id)}/remove`),
    duplicate: () => {
      const copy: Widget = { ...w, id: widgetId(), position: placeNewWidget(workspace.widgets, w.type, w.size) };
      void save([...workspace.widgets, copy]).then(() => setTimeout(() => highlight.flash(copy.id), NEW_WIDGET_EVENT_DELAY_MS)).catch(() => undefined);
    },
    setGroup: (groupId: number) => void save(setWidgetGroup(workspace.widgets, w.id, groupId)).catch(() => undefined),
    openTicker: (ticker: string) => {
      const jump = jumpToTicker(workspace.widgets, w, ticker);
      const added = jump.added;
      void save(jump.widgets).then(() => added && setTimeout(() => highlight.flash(added.id), NEW_WIDGET_EVENT_DELAY_MS)).catch(() => undefined);
    },
    configure: (patch: Partial<Widget['configuration']>) =>
      void save(workspace.widgets.map((x) => (x.id === w.id ? { ...x, configuration: { ...x.configuration, ...patch } as Widget['configuration'] } : x))).catch(() => undefined),
  });

  return (
    <div className="ws-page" data-testid="workspace-page" data-workspace-id={String(workspace.id)} data-screen={screen}>
      <SidePanel workspace={workspace} desktop={desktop} minimap={minimap} onToggleMinimap={() => setMinimap((m) => !m)} />
      <div className="ws-grid-wrap" ref={containerRef as React.RefObject<HTMLDivElement>}>
        {/* The replay clock drives the widgets in Historical mode: offered once one is, or when a link opened it. */}
        {workspace.widgets.length && (following > 0 || clock.state.day !== null) ? <ReplayBar clock={clock} following={following} keys={!dialogOpen} /> : null}
        {workspace.widgets.length === 0 ? (
          <EmptyIntro onAdd={() => open(`${base}/new`)} />
        ) : mounted ? (
          <GridLayout
            width={width}
            layout={layout}
            gridConfig={{ cols: small ? SMALL_COLS : GRID_COLS, rowHeight, margin: GRID_MARGIN }}
            dragConfig={{ enabled: !small, handle: '.ws-widget-drag', threshold: DRAG_ACTIVATION_PX }}
            resizeConfig={{ enabled: false }}
            onDragStart={() => setDragging(true)}
            onDragStop={onDragStop}
          >
            {workspace.widgets.map((w) => (
              <div key={String(w.id)}>
                <WidgetCard widget={w} actions={actionsFor(w)} dragging={dragging} highlighted={highlight.id === w.id} clockDate={clock.date} />
              </div>
            ))}
          </GridLayout>
        ) : null}
      </div>
      {desktop && minimap ? <Minimap widgets={workspace.widgets} /> : null}
    </div>
  );
}

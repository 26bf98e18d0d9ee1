// Data + content states of one widget, used by the grid and the dialog preview.
import { Component, Suspense, useMemo, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Widget } from '../domain/types';
import { configurationOf, defOf } from './kinds';
import { RefreshFailed, WidgetBuilding, WidgetOffline, WidgetDragging, WidgetEmpty, WidgetError, WidgetLoading, WidgetUpgrade } from './shared/ContentState';
import { useSize } from './shared/useSize';
import { ApiRequestError } from '../api/client';

/** A refused configuration (unknown ticker, no 0DTE expiration today…) is 'no data', not a failure. */
function isNoData(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 422);
}

/** The ticker's data are still being built in the background (the server's 404 `still_building` says when
 * they appear). */
export function buildingMessage(error: unknown): string | null {
  return error instanceof ApiRequestError && error.code === 'still_building' ? error.message : null;
}

/** What the server said went wrong, or null (its message always says what happened). */
function errorMessage(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

/** The tier does not include the widget (a Basic user's screener): offer the upgrade, not an error. */
export function upgradeMessage(error: unknown): string | null {
  return error instanceof ApiRequestError && error.status === 403 && error.code === 'upgrade_required' ? error.message : null;
}

/** A renderer that throws (e.g. no WebGL for a surface) fails its widget only, not the workspace. */
class RenderBoundary extends Component<{ children: ReactNode; resetKey: unknown }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('[widget] render failed', error);
  }
  componentDidUpdate(prev: { resetKey: unknown }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  render() {
    return this.state.failed ? <WidgetError onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

export interface WidgetBodyProps {
  widget: Pick<Widget, 'type' | 'configuration'>;
  dragging?: boolean;
  /** Demonstration data instead of a query (preview with missing fields). */
  sample?: boolean;
  onChangeSetup?: () => void;
  /**
   * Keep the picture of the previous answer while the next loads (the replay clock stepping through a
   * session: the same setup at the next time, so the board does not flash a spinner on every step).
   */
  keepPrevious?: boolean;
  /** Receives the loaded data (freshness bar). */
  children?: (data: unknown) => React.ReactNode;
}

export function WidgetBody({ widget, dragging, sample, onChangeSetup, keepPrevious, children }: WidgetBodyProps) {
  const def = defOf(widget);
  // The saved configuration in today's shape (a kind's migration of older records).
  const configuration = useMemo(() => configurationOf(widget), [widget.type, widget.configuration]); // eslint-disable-line react-hooks/exhaustive-deps
  const [ref, size] = useSize<HTMLDivElement>();
  const q = def?.queryOptions(configuration);
  const query = useQuery({
    queryKey: q?.queryKey ?? ['data', 'none'],
    queryFn: q?.queryFn ?? (async () => null),
    enabled: Boolean(def) && !sample,
    staleTime: 30_000,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    // No placeholder from another setup: a new setup shows its own answer or its own state, never the
    // previous setup's picture under the new label. A refresh of the same setup keeps its picture on
    // screen while in flight, and after a failure (marked 'could not refresh').
  });
  const retry = () => void query.refetch();
  const ready = Boolean(!sample && def && query.data && !def.isEmpty(query.data, configuration));
  let content: React.ReactNode;
  if (!def) content = <WidgetEmpty title="This widget type is not available" reason="This version cannot draw it: remove it, or add a widget of another kind." />;
  else if (dragging) content = <WidgetDragging />;
  else if (sample) {
    const R = def.Renderer;
    content = size.width > 0 ? <R data={def.sample(configuration)} configuration={configuration} width={size.width} height={size.height} /> : null;
  } else if (query.isPending && query.fetchStatus === 'paused') content = <WidgetOffline />;
  else if (query.isPending) content = <WidgetLoading />;
  else if (!query.data && upgradeMessage(query.error)) content = <WidgetUpgrade message={upgradeMessage(query.error)!} />;
  else if (!query.data && buildingMessage(query.error)) content = <WidgetBuilding message={buildingMessage(query.error)!} onRetry={retry} />;
  else if (!query.data && isNoData(query.error)) content = <WidgetEmpty reason={errorMessage(query.error)} onChange={onChangeSetup} />;
  else if (!query.data && query.isError) content = <WidgetError message={errorMessage(query.error)} onRetry={retry} />;
  else if (!query.data || def.isEmpty(query.data, configuration)) content = <WidgetEmpty onChange={onChangeSetup} />;
  else {
    const R = def.Renderer;
    content = size.width > 0 ? <R data={query.data} configuration={configuration} width={size.width} height={size.height} /> : null;
  }
  // The picture on screen is the previous answer of this same setup: say its refresh failed (or waits for
  // the connection).
  const offline = ready && query.fetchStatus === 'paused';
  const refreshFailed = offline || (ready && query.isError && !query.isFetching);
  return (
    <>
      {refreshFailed ? <RefreshFailed message={offline ? 'You are offline: the figures refresh when the connection is back.' : errorMessage(query.error)} onRetry={retry} /> : null}
      <div ref={ref} className="ws-widget-body" data-ready={ready ? 'true' : 'false'} data-sample={sample ? 'true' : undefined} data-placeholder={query.isPlaceholderData ? 'true' : undefined}>
        <RenderBoundary resetKey={query.dataUpdatedAt}>
          <Suspense fallback={<WidgetLoading />}>{content}</Suspense>
        </RenderBoundary>
      </div>
      {children && ready ? children(query.data) : null}
    </>
  );
}

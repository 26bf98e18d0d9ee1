// Data + content states of one widget, used by the grid and the dialog preview.
import { Component, Suspense, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Widget } from '../domain/types';
import { configurationOf, defOf } from './kinds';
import { WidgetDragging, WidgetEmpty, WidgetError, WidgetLoading, WidgetUpgrade } from './shared/ContentState';
import { useSize } from './shared/useSize';
import { ApiRequestError } from '../api/client';

/** A refused configuration (unknown ticker, no 0DTE expiration today…) is 'no data', not a failure. */
function isNoData(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 422);
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
  /** Receives the loaded data (freshness bar). */
  children?: (data: unknown) => React.ReactNode;
}

export function WidgetBody({ widget, dragging, sample, onChangeSetup, children }: WidgetBodyProps) {
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
    // Keep the chart on screen while a refresh is in flight.
    placeholderData: (prev: unknown) => prev,
  });
  let content: React.ReactNode;
  if (!def) content = <WidgetEmpty />;
  else if (dragging) content = <WidgetDragging />;
  else if (sample) {
    const R = def.Renderer;
    content = size.width > 0 ? <R data={def.sample(configuration)} configuration={configuration} width={size.width} height={size.height} /> : null;
  } else if (query.isPending) content = <WidgetLoading />;
  else if (query.isError && !query.data && upgradeMessage(query.error)) content = <WidgetUpgrade message={upgradeMessage(query.error)!} />;
  else if (query.isError && !query.data && isNoData(query.error)) content = <WidgetEmpty onChange={onChangeSetup} />;
  else if (query.isError && !query.data) content = <WidgetError onRetry={() => void query.refetch()} />;
  else if (!query.data || def.isEmpty(query.data, configuration)) content = <WidgetEmpty onChange={onChangeSetup} />;
  else {
    const R = def.Renderer;
    content = size.width > 0 ? <R data={query.data} configuration={configuration} width={size.width} height={size.height} /> : null;
  }
  const ready = !sample && query.isSuccess && query.data && def && !def.isEmpty(query.data, configuration);
  return (
    <>
      <div ref={ref} className="ws-widget-body" data-ready={ready ? 'true' : 'false'} data-sample={sample ? 'true' : undefined}>
        <RenderBoundary resetKey={query.dataUpdatedAt}>
          <Suspense fallback={<WidgetLoading />}>{content}</Suspense>
        </RenderBoundary>
      </div>
      {children && ready ? children(query.data) : null}
    </>
  );
}

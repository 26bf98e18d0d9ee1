// Widget dialog 'New Widget' / 'Edit Widget': kinds on the left, a settings column, a live preview.
// Loaded lazily with the editors, so neither is part of the initial bundle.
import { Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../components/Modal';
import { Button } from '../components/Button';
import { expirationsQuery, zeroDteTickersQuery } from '../api/data';
import type { ChartConfiguration, Widget, Workspace } from '../domain/types';
import { draftIsComplete, draftOf, eagerErrors, newDraft, validateDraft, type WidgetDraft } from '../widgets/kinds';
import { kindDef, kinds } from '../widgets/registry';
import { WidgetCard } from './WidgetCard';
import { WidgetLoading } from '../widgets/shared/ContentState';
import { useMarketClock } from '../widgets/shared/useMarketClock';
import { NEW_WIDGET_EVENT_DELAY_MS, availableSizes, placeNewWidget, reflow } from '../domain/grid';
import { MIXED_EDIT_WARNING, changeGroupTicker, widgetsOfGroup } from './groups';
import { useDialogs, useHighlight, useUserPlan, useWorkspaceMutations } from './hooks';
import { workspacePath } from './paths';
import { widgetId } from './presets';
import { V } from '../domain/validation';

const SIZE_LABELS = { S: 'Small', M: 'Medium', L: 'Large' } as const;

export default function WidgetDialog({ workspace, editId }: { workspace: Workspace; editId?: string }) {
  const editing = editId ? workspace.widgets.find((w) => w.id === editId) : undefined;
  const { close } = useDialogs();
  const navigate = useNavigate();
  const location = useLocation();
  const { update } = useWorkspaceMutations();
  const highlight = useHighlight();
  const { tier } = useUserPlan();
  const [draft, setDraft] = useState<WidgetDraft | null>(() => (editing ? draftOf(editing) : null));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const onClose = () => close(workspacePath(workspace.id));

  const c = (draft?.configuration ?? {}) as ChartConfiguration;
  const def = kindDef(draft?.kind);
  // The lists the kind's validation reads.
  const needs = def?.needs ?? [];
  // A historical widget's ticker is checked against the 0DTE list of its own session.
  const zero = useQuery({ ...zeroDteTickersQuery(c.date || null), enabled: needs.includes('zeroDteTickers') });
  const exps = useQuery({ ...expirationsQuery(c.ticker, c.date ? c.date.split(' ')[0] : null), enabled: needs.includes('expirations') && Boolean(c.ticker) });
  const ctx = { zeroDteTickers: zero.data, availableExpirations: exps.data, clock: useMarketClock(), tier };
  const errors = draft ? validateDraft(draft, ctx) : {};
  const complete = draft ? draftIsComplete(draft, ctx) : false;
  // The plan does not include the kind: the settings are shown locked with the offer to upgrade.
  const locked = Boolean(errors.tier);
  const shownErrors = touched || !draft ? errors : eagerErrors(draft, errors);

  const group = editing?.group ?? null;
  const groupTickers = group ? new Set(widgetsOfGroup(workspace.widgets, group.id).map((w) => (w.configuration as { ticker?: string }).ticker)) : new Set();
  const mixedWarning = Boolean(group && groupTickers.size > 1 && editing && c.ticker !== (editing.configuration as { ticker?: string }).ticker);

  const Editor = def?.Editor;
  const previewWidget = useMemo(
    () => (draft && def ? { type: def.type, configuration: draft.configuration, name: draft.name ?? null, size: draft.size, group } : null),
    [draft, def, group],
  );

  const save = async () => {
    setTouched(true);
    if (!draft || !def || Object.keys(errors).length) return;
    const type = def.type;
    try {
      if (editing) {
        let widgets = workspace.widgets.map((w) => (w.id === editing.id ? { ...w, name: draft.name || null, type, size: draft.size, configuration: draft.configuration } : w));
        // A grouped widget's ticker is the group's ticker.
        if (group && c.ticker !== (editing.configuration as { ticker?: string }).ticker) widgets = changeGroupTicker(widgets, group.id, c.ticker);
        if (draft.size !== editing.size) widgets = reflow(widgets);
        await update.mutateAsync({ ...workspace, widgets });
        onClose();
      } else {
        const w: Widget = { id: widgetId(), name: draft.name || null, type, size: draft.size, configuration: draft.configuration, position: placeNewWidget(workspace.widgets, type, draft.size), group: null };
        await update.mutateAsync({ ...workspace, widgets: [...workspace.widgets, w] });
        navigate(workspacePath(workspace.id), { replace: true });
        setTimeout(() => highlight.flash(w.id), NEW_WIDGET_EVENT_DELAY_MS);
      }
    } catch (e) {
      setServerError(e instanceof Error ? e.message : 'The widget could not be saved.');
    }
  };

  return (
    <Modal
      title={editing ? 'Edit Widget' : 'New Widget'}
      onClose={onClose}
      size="full"
      className="ws-widget-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button onClick={save} disabled={!draft || locked} loading={update.isPending}>
            {editing ? 'Save' : 'Add widget'}
          </Button>
        </>
      }
    >
      <div className="ws-wd">
        <nav className="ws-wd-kinds" aria-label="Widget types">
          {kinds().map((k) => (
            <button
              key={k}
              type="button"
              aria-pressed={draft?.kind === k}
              disabled={Boolean(editing) && draft?.kind !== k}
              onClick={() => setDraft(newDraft(k))}
            >
              {kindDef(k)?.title}
            </button>
          ))}
        </nav>
        <div className="ws-wd-settings">
          {!draft ? (
            <p className="ws-muted">{V.selectKind}</p>
          ) : (
            <>
              {locked ? (
                <div className="ws-lock" role="alert">
                  <p>{errors.tier}</p>
                  <Button onClick={() => navigate('/app/pricing', { state: { backgroundLocation: location } })}>Upgrade plan</Button>
                </div>
              ) : null}
              {mixedWarning ? <p className="ws-warning is-active" role="note">{MIXED_EDIT_WARNING}</p> : null}
              <div className="ws-field">
                <label htmlFor="wd-name">Widget name (optional)</label>
                <input id="wd-name" value={draft.name ?? ''} maxLength={120} disabled={locked} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
              </div>
              <div className="ws-field">
                <label htmlFor="wd-size">Size</label>
                <select id="wd-size" aria-label="Size" value={draft.size} disabled={locked} onChange={(e) => setDraft({ ...draft, size: e.target.value as Widget['size'] })}>
                  {(def ? availableSizes(def.type) : []).map((s) => (
                    <option key={s} value={s}>{SIZE_LABELS[s]}</option>
                  ))}
                </select>
              </div>
              {Editor ? (
                <Suspense fallback={<WidgetLoading />}>
                  <Editor
                    configuration={draft.configuration}
                    errors={shownErrors}
                    disabled={locked}
                    onChange={(patch: Record<string, unknown>) => setDraft((d) => (d ? { ...d, configuration: { ...(d.configuration as object), ...patch } } : d))}
                  />
                </Suspense>
              ) : null}
              {serverError ? <div className="ws-field-error" role="alert">{serverError}</div> : null}
            </>
          )}
        </div>
        <div className="ws-wd-preview" aria-label="Preview">
          {previewWidget ? (
            <>
              {!complete || locked ? <div className="ws-demo-label">Demonstration data only</div> : null}
              <WidgetCard key={draft?.kind} preview widget={previewWidget} sample={!complete || locked} />
            </>
          ) : (
            <p className="ws-muted">{V.selectKind}</p>
          )}
        </div>
      </div>
    </Modal>
  );
}

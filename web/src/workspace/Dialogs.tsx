// Workspace, widget-removal and group dialogs.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zeroDteTickersQuery } from '../api/data';
import { workspaceKeys, workspacesApi } from '../api/workspaces';
import { Modal } from '../components/Modal';
import { ConfirmModal } from '../components/ConfirmModal';
import { Button } from '../components/Button';
import { useNotify } from '../lib/notifications';
import { ApiRequestError } from '../api/client';
import type { Expirations, Workspace } from '../domain/types';
import { afterRemovalPath, removedWorkspaceIds, useDialogs, useWorkspaceMutations, useWorkspaces } from './hooks';
import { BASE, workspacePath } from './paths';
import { charactersLeft, validateWorkspaceName, WORKSPACE_NAME_MAX } from '../domain/validation';
import { reflow } from '../domain/grid';
import { GROUPS, MIXED_EDIT_WARNING, changeGroupTicker, editGroup, groupCaption, mixedFields, ungroup, widgetsOfGroup } from './groups';
import { PRESET_ITEMS, PRESET_TYPES, PAIRABLE, buildPresetWidgets, presetDefaults, validatePresetForm, widgetId, type PresetForm, type PresetType } from './presets';
import { ExpirationsField, ModeField, SelectField, TickerField } from '../widgets/shared/fields';
import { GREEKS } from '../api/enums';
import { GREEK_LABELS, KIND_OPTIONS } from '../domain/labels';
import { SelectAll } from '../widgets/shared/SelectAll';

function errorText(e: unknown): string {
  return e instanceof ApiRequestError ? e.message : 'Something went wrong. Please try again.';
}

export function NameField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string | null }) {
  return (
    <div className={`ws-field${error ? ' has-error' : ''}`}>
      <label htmlFor="ws-name">Name</label>
      <input id="ws-name" aria-label="Workspace name" value={value} maxLength={WORKSPACE_NAME_MAX} onChange={(e) => onChange(e.target.value)} autoFocus />
      <div className="ws-field-hint">{charactersLeft(value)}</div>
      {error ? <div className="ws-field-error" role="alert">{error}</div> : null}
    </div>
  );
}

export function NewWorkspaceDialog() {
  const { close } = useDialogs();
  const navigate = useNavigate();
  const { create } = useWorkspaceMutations();
  const [mode, setMode] = useState<'presets' | 'custom'>('presets');
  const [name, setName] = useState('');
  const [form, setForm] = useState<PresetForm>(presetDefaults('summary'));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const nameError = touched ? validateWorkspaceName(name) : null;
  // A 0DTE preset's ticker is checked against the 0DTE list of its session (today's, or the date's).
  const zero = useQuery({ ...zeroDteTickersQuery(form.date || null), enabled: mode === 'presets' && form.presetType === 'zeroDTE' });
  const presetCtx = { zeroDteTickers: form.presetType === 'zeroDTE' ? zero.data : undefined };
  const presetErrors = mode === 'presets' && touched ? validatePresetForm(form, presetCtx) : {};
  const onClose = () => close(BASE);
  const submit = async () => {
    setTouched(true);
    if (validateWorkspaceName(name) || (mode === 'presets' && Object.keys(validatePresetForm(form, presetCtx)).length)) return;
    try {
      const widgets = mode === 'presets' ? buildPresetWidgets(form) : [];
      const ws = await create.mutateAsync({ name: name.trim(), state: 'ACTIVE', widgets });
      navigate(workspacePath(ws.id), { replace: true });
    } catch (e) {
      setServerError(errorText(e));
    }
  };
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  return (
    <Modal
      title="New Workspace"
      onClose={onClose}
      size="medium"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button onClick={submit} loading={create.isPending}>Create</Button>
        </>
      }
    >
      <div className="ws-toggle" role="group" aria-label="Workspace type">
        <button type="button" aria-pressed={mode === 'presets'} onClick={() => setMode('presets')}>From Presets</button>
        <button type="button" aria-pressed={mode === 'custom'} onClick={() => setMode('custom')}>Custom</button>
      </div>
      <NameField value={name} onChange={setName} error={nameError} />
      {mode === 'presets' ? (
        <div className="ws-preset-form">
          <SelectField<PresetType> label="Preset" value={form.presetType} options={PRESET_TYPES} onChange={(t) => setForm(presetDefaults(t))} />
          <fieldset className="ws-fieldset">
            <legend>Widgets</legend>
            <SelectAll all={PRESET_ITEMS[form.presetType].map((i) => i.id)} selected={form.widgetList} onChange={(widgetList) => setForm({ ...form, widgetList, cumulativeWidgetList: form.cumulativeWidgetList.filter((id) => widgetList.includes(id)) })} />
            {PRESET_ITEMS[form.presetType].map((item) => (
              <label key={item.id} className="ws-check">
                <input type="checkbox" checked={form.widgetList.includes(item.id)} onChange={() => setForm({ ...form, widgetList: toggle(form.widgetList, item.id) })} /> {item.label}
              </label>
            ))}
            {presetErrors.widgetList ? <div className="ws-field-error" role="alert">{presetErrors.widgetList}</div> : null}
          </fieldset>
          {PAIRABLE[form.presetType].length ? (
            <fieldset className="ws-fieldset">
              <legend>Pairs</legend>
              <label className="ws-check">
                <input type="checkbox" checked={form.addPair} onChange={(e) => setForm({ ...form, addPair: e.target.checked })} /> Add a cumulative chart beside each exposure
              </label>
              {form.addPair ? (
                <SelectAll
                  all={PRESET_ITEMS[form.presetType].filter((i) => PAIRABLE[form.presetType].includes(i.id) && form.widgetList.includes(i.id)).map((i) => i.id)}
                  selected={form.cumulativeWidgetList}
                  onChange={(cumulativeWidgetList) => setForm({ ...form, cumulativeWidgetList })}
                />
              ) : null}
              {form.addPair
                ? PRESET_ITEMS[form.presetType]
                    .filter((i) => PAIRABLE[form.presetType].includes(i.id) && form.widgetList.includes(i.id))
                    .map((i) => (
                      <label key={i.id} className="ws-check">
                        <input type="checkbox" checked={form.cumulativeWidgetList.includes(i.id)} onChange={() => setForm({ ...form, cumulativeWidgetList: toggle(form.cumulativeWidgetList, i.id) })} /> {i.label} cumulative
                      </label>
                    ))
                : null}
            </fieldset>
          ) : null}
          <TickerField list={form.presetType === 'zeroDTE' ? '0dte' : 'all'} date={form.date} value={form.ticker} onChange={(ticker) => setForm({ ...form, ticker })} error={presetErrors.ticker} />
          <ModeField ticker={form.ticker} date={form.date} onChange={(date) => setForm({ ...form, date })} error={presetErrors.date} />
          {form.presetType !== 'summary' ? (
            <>
              <SelectField label="Kind" value={form.kind} options={KIND_OPTIONS} onChange={(kind) => setForm({ ...form, kind })} />
              <ExpirationsField ticker={form.ticker} value={form.expirations ?? undefined} onChange={(expirations: Expirations) => setForm({ ...form, expirations })} error={presetErrors.expirations} />
            </>
          ) : null}
        </div>
      ) : null}
      {serverError ? <div className="ws-field-error" role="alert">{serverError}</div> : null}
    </Modal>
  );
}

export function RenameDialog({ workspace, duplicate }: { workspace: Workspace; duplicate?: boolean }) {
  const { close } = useDialogs();
  const navigate = useNavigate();
  const { update, create } = useWorkspaceMutations();
  const [name, setName] = useState(duplicate ? `${workspace.name} (copy)`.slice(0, WORKSPACE_NAME_MAX) : workspace.name);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const error = touched ? validateWorkspaceName(name) : null;
  const onClose = () => close(workspacePath(workspace.id));
  const submit = async () => {
    setTouched(true);
    if (validateWorkspaceName(name)) return;
    try {
      if (duplicate) {
        const ws = await create.mutateAsync({ name: name.trim(), state: 'ACTIVE', widgets: workspace.widgets.map((w) => ({ ...w, id: widgetId() })) });
        navigate(workspacePath(ws.id), { replace: true });
      } else {
        await update.mutateAsync({ ...workspace, name: name.trim() });
        onClose();
      }
    } catch (e) {
      setServerError(errorText(e));
    }
  };
  return (
    <Modal
      title={duplicate ? 'Duplicate' : 'Rename'}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button onClick={submit} loading={update.isPending || create.isPending}>{duplicate ? 'Duplicate' : 'Save'}</Button>
        </>
      }
    >
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <NameField value={name} onChange={setName} error={error} />
      </form>
      {serverError ? <div className="ws-field-error" role="alert">{serverError}</div> : null}
    </Modal>
  );
}

export function RemoveWorkspaceDialog({ workspace }: { workspace: Workspace }) {
  const { close } = useDialogs();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data } = useWorkspaces();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmModal
      title="Delete workspace"
      content={`Are you sure you want to delete workspace "${workspace.name}"? This action cannot be undone.`}
      confirmLabel="Delete"
      destructive
      loading={busy}
      onCancel={() => close(workspacePath(workspace.id))}
      onConfirm={async () => {
        const target = afterRemovalPath(data, workspace.id);
        setBusy(true);
        try {
          await workspacesApi.remove(workspace.id);
          removedWorkspaceIds.add(String(workspace.id));
          // Leave the deleted workspace's route before it disappears from the list (same render).
          navigate(target, { replace: true });
          qc.setQueryData<Workspace[]>(workspaceKeys.list(), (l) => (l ?? []).filter((w) => w.id !== workspace.id));
        } catch (e) {
          setBusy(false);
          notify({ type: 'ERROR', title: 'Workspace not deleted', content: errorText(e) });
        }
      }}
    />
  );
}

export function ArchiveDialog({ workspace, currentId }: { workspace: Workspace; currentId: string | null }) {
  const { close } = useDialogs();
  const navigate = useNavigate();
  const { update } = useWorkspaceMutations();
  const { data } = useWorkspaces();
  const notify = useNotify();
  return (
    <ConfirmModal
      title="Close workspace"
      content="The workspace leaves the bar and stays in My Workspaces, where you can open it again at any time."
      confirmLabel="Close and save for later"
      loading={update.isPending}
      onCancel={() => close(workspacePath(workspace.id))}
      onConfirm={async () => {
        const wasCurrent = currentId === null || String(currentId) === String(workspace.id);
        const target = afterRemovalPath(data, workspace.id);
        try {
          await update.mutateAsync({ ...workspace, state: 'INACTIVE' });
          notify({ type: 'SUCCESS', title: `The "${workspace.name}" workspace is saved` });
          if (wasCurrent) navigate(target, { replace: true });
          else close(target);
        } catch (e) {
          notify({ type: 'ERROR', title: 'Workspace not saved', content: errorText(e) });
        }
      }}
    />
  );
}

export function RemoveWidgetDialog({ workspace, widgetId: id }: { workspace: Workspace; widgetId: string }) {
  const { close } = useDialogs();
  const { update } = useWorkspaceMutations();
  const onClose = () => close(workspacePath(workspace.id));
  return (
    <ConfirmModal
      title="Remove Widget"
      content="The widget and its settings will be removed from this workspace."
      confirmLabel="Remove"
      destructive
      loading={update.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        // Removing re-flows the grid.
        await update.mutateAsync({ ...workspace, widgets: reflow(workspace.widgets.filter((w) => w.id !== id)) }).catch(() => undefined);
        onClose();
      }}
    />
  );
}

export function UngroupDialog({ workspace, groupId }: { workspace: Workspace; groupId: number }) {
  const { close } = useDialogs();
  const { update } = useWorkspaceMutations();
  const g = GROUPS.find((x) => x.id === groupId);
  const onClose = () => close(workspacePath(workspace.id));
  return (
    <ConfirmModal
      title="Ungroup Widgets"
      content={`The ${widgetsOfGroup(workspace.widgets, groupId).length} widget(s) of the ${g?.name ?? ''} group will no longer be linked.`}
      confirmLabel="Ungroup"
      loading={update.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        await update.mutateAsync({ ...workspace, widgets: ungroup(workspace.widgets, groupId) }).catch(() => undefined);
        onClose();
      }}
    />
  );
}

export function ChangeTickerDialog({ workspace, groupId }: { workspace: Workspace; groupId: number }) {
  const { close } = useDialogs();
  const { update } = useWorkspaceMutations();
  const caption = groupCaption(workspace.widgets, groupId);
  const [ticker, setTicker] = useState(caption === 'N/A' ? '' : caption);
  const onClose = () => close(workspacePath(workspace.id));
  return (
    <Modal
      title="Change Ticker"
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button
            disabled={!ticker}
            loading={update.isPending}
            onClick={async () => {
              await update.mutateAsync({ ...workspace, widgets: changeGroupTicker(workspace.widgets, groupId, ticker) }).catch(() => undefined);
              onClose();
            }}
          >
            Save
          </Button>
        </>
      }
    >
      <TickerField value={ticker} onChange={setTicker} />
    </Modal>
  );
}

export function EditGroupDialog({ workspace, groupId }: { workspace: Workspace; groupId: number }) {
  const { close } = useDialogs();
  const { update } = useWorkspaceMutations();
  const members = widgetsOfGroup(workspace.widgets, groupId);
  const mixed = mixedFields(workspace.widgets, groupId);
  const first = (members[0]?.configuration ?? {}) as Record<string, unknown>;
  const [patch, setPatch] = useState<Record<string, unknown>>({});
  const value = (f: string) => (f in patch ? patch[f] : mixed.includes(f as never) ? undefined : first[f]);
  const editsMixed = Object.keys(patch).some((f) => mixed.includes(f as never));
  const hasGreek = members.some((w) => 'greek' in (w.configuration as object));
  const hasKind = members.some((w) => 'kind' in (w.configuration as object));
  const hasExp = members.some((w) => 'expirations' in (w.configuration as object));
  const onClose = () => close(workspacePath(workspace.id));
  const ticker = (value('ticker') as string) ?? '';
  // A group of mixed tickers asks for expirations with a null ticker and its members' tickers.
  const groupTickers = [...new Set(members.map((w) => (w.configuration as { ticker?: string }).ticker).filter((t): t is string => Boolean(t)))];
  return (
    <Modal
      title="Edit Group"
      onClose={onClose}
      size="medium"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button
            disabled={Object.keys(patch).length === 0}
            loading={update.isPending}
            onClick={async () => {
              await update.mutateAsync({ ...workspace, widgets: editGroup(workspace.widgets, groupId, patch) }).catch(() => undefined);
              onClose();
            }}
          >
            Save
          </Button>
        </>
      }
    >
      <p className="ws-muted">{members.length} widget(s) in this group.</p>
      {mixed.length ? <p className={`ws-warning${editsMixed ? ' is-active' : ''}`} role="note">{MIXED_EDIT_WARNING}</p> : null}
      <TickerField value={ticker} onChange={(t) => setPatch({ ...patch, ticker: t })} />
      {hasGreek ? <SelectField label="Greek" value={value('greek') as string} mixed={mixed.includes('greek') && !('greek' in patch)} options={GREEKS.map((g) => ({ value: g as string, label: GREEK_LABELS[g] }))} onChange={(greek) => setPatch({ ...patch, greek })} /> : null}
      {hasKind ? <SelectField label="Kind" value={value('kind') as string} mixed={mixed.includes('kind') && !('kind' in patch)} options={KIND_OPTIONS} onChange={(kind) => setPatch({ ...patch, kind })} /> : null}
      {hasExp ? <ExpirationsField ticker={ticker || null} tickers={groupTickers} value={value('expirations') as Expirations | undefined} onChange={(expirations) => setPatch({ ...patch, expirations })} /> : null}
    </Modal>
  );
}

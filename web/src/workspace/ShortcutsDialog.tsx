// `?`: the keyboard shortcuts registered now (workspace/shortcuts.ts), with what each does.
import { Modal } from '../components/Modal';
import { useShortcutList } from './shortcuts';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const list = useShortcutList();
  const seen = new Set<string>();
  const rows = [...list].filter((s) => (seen.has(s.label) ? false : (seen.add(s.label), true)));
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} size="small">
      <table className="ws-shortcuts" data-testid="shortcuts-list">
        <tbody>
          {rows.map((s) => (
            <tr key={s.label}>
              <th scope="row">
                <kbd>{s.label}</kbd>
              </th>
              <td>{s.description}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              <kbd>Esc</kbd>
            </th>
            <td>Close a dialog or leave full screen</td>
          </tr>
        </tbody>
      </table>
      <p className="ws-field-hint">Shortcuts do nothing while you type in a field.</p>
    </Modal>
  );
}

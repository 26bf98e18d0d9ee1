// 'New API Key' dialog (platform spec §4, §8): Generate → Generating (disabled, spinner) → the key
// with a Copy button ('Copied' for 1 s) and the button turned into 'Close'; a failure shows
// 'An error occurred. Try again.' and Generate can be pressed again.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys, createApiKey } from '../../api/apiKeys';
import { Modal, useCloseRoute } from '../../components/Modal';
import { Button } from '../../components/Button';

export const COPIED_MS = 1000;

type State = { kind: 'initial' } | { kind: 'generating' } | { kind: 'shown'; apiKey: string } | { kind: 'error' };

/** Clipboard access, replaceable in unit tests. Falls back to a hidden textarea when the API is absent. */
export const clipboard = {
  async write(text: string): Promise<void> {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy command refused');
  },
};

export default function NewApiKeyDialog() {
  const close = useCloseRoute('/app/user-settings/api-key');
  const client = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'initial' });
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const generate = async () => {
    setState({ kind: 'generating' });
    try {
      const created = await createApiKey();
      setState({ kind: 'shown', apiKey: created.apiKey });
      void client.invalidateQueries({ queryKey: apiKeyKeys.all });
    } catch (err) {
      console.warn('[api-keys] generation failed', err);
      setState({ kind: 'error' });
    }
  };

  const copy = async (text: string) => {
    try {
      await clipboard.write(text);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch (err) {
      // A refused clipboard is only logged; the key stays selectable on screen.
      console.warn('[api-keys] copy failed', err);
    }
  };

  const generating = state.kind === 'generating';
  return (
    <Modal
      title="New API Key"
      size="small"
      onClose={close}
      dismissible={!generating}
      footer={
        state.kind === 'shown' ? (
          <Button onClick={close}>Close</Button>
        ) : (
          <Button onClick={() => void generate()} disabled={generating} loading={generating}>
            {generating ? 'Generating' : 'Generate API key'}
          </Button>
        )
      }
    >
      {state.kind === 'shown' ? (
        <>
          <div className="api-key-box">
            <code className="mono api-key-value" data-testid="new-api-key">
              {state.apiKey}
            </code>
            <Button variant="secondary" size="small" onClick={() => void copy(state.apiKey)} aria-live="polite">
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="muted">Please note that the full API key is only available here once.</p>
        </>
      ) : state.kind === 'error' ? (
        <p className="field-error" role="alert">
          An error occurred. Try again.
        </p>
      ) : (
        <p className="muted">
          Generate a key for the public data API. Keep it secret: anyone holding it can spend your API credits.
        </p>
      )}
    </Modal>
  );
}

import { useState } from 'react';
import { Outlet } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys, apiKeysQuery, deleteApiKey, MAX_ACTIVE_API_KEYS, type ApiKey } from '../../api/apiKeys';
import { formatDateTime } from '../../lib/format';
import { useNotify } from '../../lib/notifications';
import { Button } from '../../components/Button';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageSpinner } from '../../components/Spinner';
import { useOpenModal } from '../../components/Modal';
import { ApiRequestError } from '../../api/client';

export default function ApiKeysPage() {
  const keys = useQuery(apiKeysQuery());
  const client = useQueryClient();
  const notify = useNotify();
  const openModal = useOpenModal();
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);

  const remove = useMutation({
    mutationFn: (id: number) => deleteApiKey(id),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });

  const atLimit = (keys.data?.length ?? 0) >= MAX_ACTIVE_API_KEYS;

  return (
    <section aria-labelledby="api-keys-title">
      <div className="section-head">
        <h2 id="api-keys-title">API Keys</h2>
        <Button onClick={() => openModal('/app/user-settings/api-key/new')} disabled={keys.isPending || atLimit}>
          New API Key
        </Button>
      </div>
      <p className="muted">
        Send a key in the X-API-KEY header of requests to the public data API. At most {MAX_ACTIVE_API_KEYS} keys can be active at once.
      </p>
      {atLimit && (
        <p className="notice notice-info" role="status" data-testid="api-key-limit">
          You have {MAX_ACTIVE_API_KEYS} active keys. Delete one to create another.
        </p>
      )}
      {keys.isPending ? (
        <PageSpinner />
      ) : keys.isError ? (
        <p className="form-error" role="alert">
          {keys.error.message}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="muted" data-testid="api-keys-empty">
          No API keys yet.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-label="API keys">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((k) => (
                <tr key={k.id} data-testid="api-key-row">
                  <td className="mono">{k.maskedKey}</td>
                  <td>{formatDateTime(k.createdAt)}</td>
                  <td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</td>
                  <td className="align-right">
                    <Button variant="ghost" size="small" onClick={() => setToDelete(k)} aria-label={`Delete key ${k.maskedKey}`}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {toDelete && (
        <ConfirmModal
          title="Delete API key"
          content={`Delete the key ${toDelete.maskedKey}? Programs using it stop working at once. This action cannot be undone.`}
          confirmLabel="Delete"
          destructive
          loading={remove.isPending}
          onCancel={() => setToDelete(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(toDelete.id);
              notify({ id: `key-deleted-${toDelete.id}`, type: 'SUCCESS', title: 'API key deleted' });
            } catch (err) {
              notify({ type: 'ERROR', title: 'The key could not be deleted.', content: err instanceof ApiRequestError ? err.message : undefined });
            } finally {
              setToDelete(null);
            }
          }}
        />
      )}
      <Outlet />
    </section>
  );
}

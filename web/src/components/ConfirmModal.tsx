// Confirmation modal (platform spec §2): labels default to 'Confirm' and 'Cancel'; Escape or close
// cancels; Enter confirms; the destructive type gives an error-coloured confirm button.
import type { ReactNode } from 'react';
import { Modal } from './Modal';
import { Button } from './Button';

export interface ConfirmModalProps {
  title: ReactNode;
  content?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** A second action beside Confirm (e.g. 'Contact Us'). */
  extra?: ReactNode;
  /** Hide the Cancel button (Escape and the close button still cancel). */
  hideCancel?: boolean;
}

export function ConfirmModal({
  title,
  content,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  loading = false,
  onConfirm,
  onCancel,
  extra,
  hideCancel = false,
}: ConfirmModalProps) {
  return (
    <Modal
      title={title}
      size="small"
      onClose={onCancel}
      dismissible={!loading}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !loading && !(e.target instanceof HTMLButtonElement)) {
          e.preventDefault();
          onConfirm();
        }
      }}
      footer={
        <>
          {!hideCancel && (
            <Button variant="secondary" onClick={onCancel} disabled={loading}>
              {cancelLabel}
            </Button>
          )}
          {extra}
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof content === 'string' ? <p>{content}</p> : content}
    </Modal>
  );
}

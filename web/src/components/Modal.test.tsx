import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { Modal, MODAL_FADE_MS } from './Modal';
import { ConfirmModal } from './ConfirmModal';

afterEach(() => vi.useRealTimers());

function renderModal(onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <button>outside</button>
      <Modal title="Rename" onClose={onClose} footer={<button>Save</button>}>
        <input aria-label="Name" />
      </Modal>
    </MemoryRouter>,
  );
  return onClose;
}

describe('Modal', () => {
  it('locks body scroll while open and releases it on unmount', () => {
    const { unmount } = render(
      <MemoryRouter>
        <Modal title="T" onClose={() => {}}>
          x
        </Modal>
      </MemoryRouter>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape after the 400 ms fade', () => {
    vi.useFakeTimers();
    const onClose = renderModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(MODAL_FADE_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on an overlay click but not on a click inside', () => {
    vi.useFakeTimers();
    const onClose = renderModal();
    fireEvent.mouseDown(screen.getByRole('dialog'));
    act(() => vi.advanceTimersByTime(MODAL_FADE_MS));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByTestId('modal-overlay'));
    act(() => vi.advanceTimersByTime(MODAL_FADE_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('traps keyboard focus inside the dialog', async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

describe('ConfirmModal', () => {
  it("has 'Confirm' and 'Cancel' by default; Enter confirms", async () => {
    const onConfirm = vi.fn();
    render(
      <MemoryRouter>
        <ConfirmModal title="Sure?" content="Really" onConfirm={onConfirm} onCancel={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Sure?' });
    fireEvent.keyDown(dialog, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Escape cancels; destructive gives the danger button', () => {
    vi.useFakeTimers();
    const onCancel = vi.fn();
    render(
      <MemoryRouter>
        <ConfirmModal title="Delete" destructive confirmLabel="Delete" onConfirm={() => {}} onCancel={onCancel} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('btn-danger');
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(MODAL_FADE_MS));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

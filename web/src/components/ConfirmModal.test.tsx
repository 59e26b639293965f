// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi.tsx';
import { ConfirmModal, type ConfirmModalProps } from './ConfirmModal.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => cleanup());

/** A page with a button that opens the dialog, as features use it. */
function Opener(props: Partial<ConfirmModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete the note
      </button>
      <ConfirmModal
        opened={open}
        title="Delete the note?"
        message="The note is removed for everyone."
        onConfirm={() => setOpen(false)}
        onCancel={() => setOpen(false)}
        {...props}
      />
    </>
  );
}

describe('ConfirmModal', () => {
  it('opens as a named dialog with the focus on Cancel', async () => {
    renderUi(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete the note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the note?' });
    expect(within(dialog).getByText('The note is removed for everyone.')).toBeTruthy();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('cancels with Escape and with the close button, never confirming', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderUi(<ConfirmModal opened title="Approve?" message="Sure?" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog', { name: 'Approve?' });
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    renderUi(<Opener />);
    const opener = screen.getByRole('button', { name: 'Delete the note' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('confirms with its own labels, red when destructive, and spins while busy', async () => {
    const onConfirm = vi.fn();
    renderUi(
      <ConfirmModal
        opened
        title="Delete the event?"
        message="It cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Keep it"
        danger
        confirmTestId="confirm-delete"
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    expect(confirm.getAttribute('data-testid')).toBe('confirm-delete');
    expect(confirm.getAttribute('style')).toContain('red-9');
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeTruthy();
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    cleanup();

    renderUi(<ConfirmModal opened busy title="Approve?" message="Sure?" onConfirm={onConfirm} onCancel={vi.fn()} />);
    const busy = (await screen.findAllByRole('button')).find((b) => b.getAttribute('data-testid') === 'confirm-modal');
    expect(busy?.hasAttribute('data-loading')).toBe(true);
    expect((busy as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Arabic, right to left', async () => {
    renderUi(
      <ConfirmModal opened title="حذف الملاحظة؟" message="ستُحذف." onConfirm={vi.fn()} onCancel={vi.fn()} />,
      'ar',
    );
    const dialog = await screen.findByRole('dialog', { name: 'حذف الملاحظة؟' });
    expect(within(dialog).getByRole('button', { name: 'إلغاء' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'تأكيد' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

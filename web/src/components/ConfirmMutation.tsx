import { ConfirmModal, type ConfirmModalProps } from './ConfirmModal.tsx';

/** What `ConfirmMutation` needs of a react-query mutation that takes no variables. */
export interface ConfirmedMutation {
  isPending: boolean;
  mutate(): void;
  reset(): void;
}

/**
 * `ConfirmModal` for one mutation: confirming runs it (busy meanwhile); cancelling closes the dialog and forgets the
 * mutation's failure, so that it is not shown again when the dialog opens next.
 */
export function ConfirmMutation({
  mutation,
  onClose,
  ...props
}: Omit<ConfirmModalProps, 'busy' | 'onConfirm' | 'onCancel'> & { mutation: ConfirmedMutation; onClose(): void }) {
  return (
    <ConfirmModal
      {...props}
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate()}
      onCancel={() => {
        onClose();
        mutation.reset();
      }}
    />
  );
}

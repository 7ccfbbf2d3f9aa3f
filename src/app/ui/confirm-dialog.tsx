import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What pressing the button does, said before it is pressed. */
  children: ReactNode;
  /** The button's words: the action itself ("Send the link"), not "OK". */
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * An action asked twice: what it does, the button that does it (focused first, disabled while it
 * runs) and Cancel.
 */
export function ConfirmDialog({ open, title, children, confirm, pending, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <p>{children}</p>
      <div className="dialog__actions">
        <button type="button" className="button" data-autofocus disabled={pending} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t`Cancel`}
        </button>
      </div>
    </Dialog>
  );
}

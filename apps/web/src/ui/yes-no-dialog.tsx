import type { ReactNode } from 'react';
import { BottomSheet } from './bottom-sheet';
import { Button } from './button';
import { DARK_SECONDARY } from './dashboard-panels';

/** A Yes/No question in the dashboard's theme, e.g. 'Resume Project' (spec 2 §2). */
export function YesNoDialog({
  open,
  title,
  message,
  loading,
  onYes,
  onNo,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  loading: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <BottomSheet
      open={open}
      onClose={onNo}
      title={title}
      size="sm"
      dismissible={!loading}
      footer={
        <>
          <Button variant="secondary" className={DARK_SECONDARY} onClick={onNo} disabled={loading}>
            No
          </Button>
          <Button onClick={onYes} loading={loading}>
            Yes
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-200">{message}</p>
    </BottomSheet>
  );
}

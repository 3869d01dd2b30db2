import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'lg';
  /** While saving, Escape and a click outside must not drop the change. */
  dismissible?: boolean;
}

/**
 * The dashboard's dialogs: a sheet from the bottom on a phone, a centred dialog on wider
 * screens, in the dashboard's light or dark theme. Radix gives Escape, outside click,
 * focus trap and labelling.
 */
export function BottomSheet({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'lg',
  dismissible = true,
}: BottomSheetProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          aria-modal="true"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            const target = event.target;
            const onNotice =
              target instanceof Element &&
              target.closest('[data-notification-stack], [data-notification]') !== null;
            if (!dismissible || onNotice) event.preventDefault();
          }}
          className={cx(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl bg-white shadow-xl',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl',
            'text-slate-900 focus:outline-none dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700',
            size === 'sm' ? 'sm:max-w-md' : 'sm:max-w-2xl',
          )}
        >
          <div className="border-b border-slate-200 py-3 pr-14 pl-4 dark:border-slate-700">
            <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
                {description}
              </Dialog.Description>
            ) : null}
          </div>
          {children ? (
            <div className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-4 py-4">
              {children}
            </div>
          ) : null}
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] dark:border-slate-700">
              {footer}
            </div>
          ) : null}
          <Dialog.Close
            aria-label="Close"
            disabled={!dismissible}
            className="absolute top-1.5 right-1.5 flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

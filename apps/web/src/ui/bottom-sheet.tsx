import { cx } from '../lib/class-names';
import { DialogFrame, type DialogFrameProps, type DialogLook } from './dialog-frame';

export interface BottomSheetProps extends DialogFrameProps {
  size?: 'sm' | 'lg';
}

const LOOK: Omit<DialogLook, 'content'> = {
  overlay: 'fixed inset-0 z-50 bg-slate-900/60',
  header: 'border-b border-slate-200 py-3 pr-14 pl-4 dark:border-slate-700',
  title: 'text-base font-semibold',
  description: 'mt-0.5 text-sm text-slate-500 dark:text-slate-400',
  body: 'min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-4 py-4',
  footer:
    'flex flex-wrap justify-end gap-2 border-t border-slate-200 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] dark:border-slate-700',
  close:
    'absolute top-1.5 right-1.5 flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800',
};

/**
 * The dashboard's dialogs: a sheet from the bottom on a phone, a centred dialog on wider
 * screens, in the dashboard's light or dark theme.
 */
export function BottomSheet({ size = 'lg', ...props }: BottomSheetProps) {
  return (
    <DialogFrame
      {...props}
      look={{
        ...LOOK,
        content: cx(
          'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl bg-white shadow-xl',
          'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl',
          // Issue 39: a long word wraps inside the sheet instead of widening or clipping it.
          'text-slate-900 wrap-anywhere focus:outline-none dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700',
          size === 'sm' ? 'sm:max-w-md' : 'sm:max-w-2xl',
        ),
      }}
    />
  );
}

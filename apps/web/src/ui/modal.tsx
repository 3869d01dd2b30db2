import { cx } from '../lib/class-names';
import { DialogFrame, type DialogFrameProps, type DialogLook } from './dialog-frame';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalProps extends DialogFrameProps {
  size?: ModalSize;
}

const SIZES: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

const LOOK: Omit<DialogLook, 'content'> = {
  overlay: 'fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]',
  header: 'border-b border-slate-200 py-4 pr-12 pl-5',
  title: 'text-lg font-semibold text-slate-900',
  description: 'mt-1 text-sm text-slate-500',
  body: 'overflow-y-auto px-5 py-4',
  footer: 'flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3',
  close:
    'absolute top-4 right-4 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50',
};

/** The desk's dialogs: centred, in one look so every screen's dialogs match. */
export function Modal({ size = 'md', ...props }: ModalProps) {
  return (
    <DialogFrame
      {...props}
      look={{
        ...LOOK,
        content: cx(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
          // Issue 39: a long word (a remark, an answer) wraps instead of widening the dialog.
          'rounded-xl bg-white shadow-xl wrap-anywhere focus:outline-none',
          SIZES[size],
        ),
      }}
    />
  );
}

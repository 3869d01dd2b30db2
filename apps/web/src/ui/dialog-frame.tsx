import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a desk modal and the dashboard's bottom sheet share; each gives its own look. */
export interface DialogFrameProps {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom, right-aligned. */
  footer?: ReactNode;
  /** While something is being saved, Escape and the backdrop must not drop it. */
  dismissible?: boolean;
}

/** The class names of each part of the frame. */
export interface DialogLook {
  overlay: string;
  content: string;
  header: string;
  title: string;
  description: string;
  body: string;
  footer: string;
  close: string;
}

// A click on a notification's close button is not a click "outside" the dialog. Radix
// reports it after the click, when the notice may already be detached from the stack, so
// the notice itself carries the marker too.
function isInsideNotifications(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[data-notification-stack], [data-notification]') !== null
  );
}

/**
 * Radix Dialog supplies the focus trap, Escape, scroll lock and labelling; this lays out the
 * title, body, footer and close button once, in the look it is given.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
  look,
}: DialogFrameProps & { look: DialogLook }) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={look.overlay} />
        <Dialog.Content
          aria-modal="true"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!dismissible || isInsideNotifications(event.target)) event.preventDefault();
          }}
          className={look.content}
        >
          <div className={look.header}>
            <Dialog.Title className={look.title}>{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className={look.description}>{description}</Dialog.Description>
            ) : null}
          </div>
          {children ? <div className={look.body}>{children}</div> : null}
          {footer ? <div className={look.footer}>{footer}</div> : null}
          {/* Last in the DOM so that opening focuses the first field or button, not this. */}
          <Dialog.Close aria-label="Close" disabled={!dismissible} className={look.close}>
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

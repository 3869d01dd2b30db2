import { formatDateTime } from '@karya/domain/format';
import type { ConversationMessage } from '@karya/domain/whatsapp-conversations';
import { BellOff, MessageCircle, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useNotify } from '../../ui/notification-context';
import { Loading } from '../../ui/spinner';
import { TextAreaField } from '../../ui/text-area-field';
import { useConversation, useMarkRead, useOptIn, useReply } from './api';
import { messageKeys } from './message-keys';
import { windowCloses } from './window-closes';

const STATUS_WORDS: Record<string, string> = {
  received: 'Unread',
  read: 'Read',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  'not sent': 'Not sent',
};

function Bubble({ message }: { message: ConversationMessage }) {
  const inbound = message.direction === 'in';
  return (
    <li className={inbound ? 'flex justify-start' : 'flex justify-end'}>
      <div
        className={
          inbound
            ? 'max-w-[85%] rounded-lg rounded-tl-none bg-slate-100 px-3 py-2'
            : 'max-w-[85%] rounded-lg rounded-tr-none bg-emerald-50 px-3 py-2 ring-1 ring-emerald-200'
        }
      >
        <p className="text-sm break-words whitespace-pre-line text-slate-900">{message.body}</p>
        <p className="mt-1 text-xs text-slate-500">
          {inbound ? 'Customer' : message.kind === 'template' ? 'Template' : 'Reply'} ·{' '}
          {formatDateTime(message.at)} · {STATUS_WORDS[message.status] ?? message.status}
          {message.error ? ` (${message.error})` : ''}
        </p>
      </div>
    </li>
  );
}

/**
 * A contact's WhatsApp thread (issue 40): what the customer wrote and what Karya sent, the
 * reply box while the customer's 24-hour window is open (and until when), a note offering the
 * templates once it closes, and the opt-out with the way back on. Opening it marks the
 * customer's messages read.
 */
export function WhatsAppThread({
  contactId,
  sendUpdate,
}: {
  contactId: string;
  /** The way to send an approved template here (an order's update button), if any. */
  sendUpdate?: ReactNode;
}) {
  const viewer = useSessionUser();
  const conversation = useConversation(contactId);
  const markRead = useMarkRead(contactId);
  const reply = useReply(contactId);
  const optIn = useOptIn(contactId);
  const notify = useNotify();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const data = conversation.data;
  const unread = data?.messages.some((m) => m.direction === 'in' && m.status === 'received');
  const { mutate: read } = markRead;

  // Opened with unread messages (now or as they arrive while open): they are read.
  useEffect(() => {
    if (unread) read();
  }, [unread, read]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    reply.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        notify.success('Reply sent');
      },
    });
  };

  return (
    <section
      aria-labelledby={`whatsapp-${contactId}`}
      className="rounded-lg border border-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3
          id={`whatsapp-${contactId}`}
          className="flex items-center gap-2 text-base font-semibold text-slate-900"
        >
          <MessageCircle aria-hidden="true" className="size-4 text-emerald-600" />
          WhatsApp
        </h3>
        {data?.optedOut ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
            <BellOff aria-hidden="true" className="size-3" />
            Opted out of updates
          </span>
        ) : null}
      </div>
      <div className="space-y-4 p-4">
        {data ? (
          <>
            {data.messages.length === 0 ? (
              <p className="text-sm text-slate-500">No WhatsApp messages yet</p>
            ) : (
              <ol
                aria-label="WhatsApp messages"
                className="max-h-80 space-y-2 overflow-y-auto pr-1"
              >
                {messageKeys(data.messages).map(({ key, message }) => (
                  <Bubble key={key} message={message} />
                ))}
              </ol>
            )}
            {data.optedOut ? (
              <div className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                <p>
                  The customer replied STOP: Karya sends them no automatic updates.
                  {data.optedOutAt ? ` Since ${formatDateTime(data.optedOutAt)}.` : ''}
                </p>
                {viewer.role !== 'technician' ? (
                  <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
                    Turn updates back on
                  </Button>
                ) : null}
              </div>
            ) : null}
            {!data.canReply ? (
              <p className="text-sm text-slate-500">
                Replies from Karya need the WhatsApp Cloud API, which this server is not set up
                with.
              </p>
            ) : data.windowOpenUntil ? (
              <form onSubmit={send} className="space-y-2">
                <TextAreaField
                  label="Reply on WhatsApp"
                  rows={2}
                  value={text}
                  maxLength={4096}
                  onChange={(event) => setText(event.target.value)}
                />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-xs text-slate-600">
                    Window open until {windowCloses(data.windowOpenUntil)}
                  </p>
                  <Button
                    type="submit"
                    size="sm"
                    loading={reply.isPending}
                    disabled={!text.trim()}
                    icon={<Send aria-hidden="true" className="size-4" />}
                  >
                    Send reply
                  </Button>
                </div>
                {reply.isError ? (
                  <Alert>{errorMessage(reply.error, 'The reply could not be sent')}</Alert>
                ) : null}
              </form>
            ) : (
              <div className="space-y-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
                <p>
                  The 24-hour window is closed: WhatsApp takes only an approved template until the
                  customer writes again.
                </p>
                {sendUpdate ?? (
                  <p className="text-slate-600">
                    Send an update from one of the customer's work orders.
                  </p>
                )}
              </div>
            )}
          </>
        ) : conversation.isError ? (
          <Alert>{errorMessage(conversation.error, 'Failed to fetch the WhatsApp messages')}</Alert>
        ) : (
          <Loading label="Loading WhatsApp messages..." />
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Turn WhatsApp updates back on?"
        message="Only when the customer asks for them: they replied STOP. Karya will send their updates automatically again."
        confirmLabel="Turn back on"
        loading={optIn.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          optIn.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify.success('WhatsApp updates turned back on');
            },
            onError: (error) => notify.error(errorMessage(error, 'Could not turn updates on')),
          })
        }
      />
    </section>
  );
}

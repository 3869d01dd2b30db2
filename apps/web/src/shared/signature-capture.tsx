import {
  SIGNATURE_MESSAGES,
  SIGNATURE_NAME_MAX_LENGTH,
  type SignatureAnswer,
} from '@karya/domain/job-signatures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eraser, PenLine } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { BottomSheet } from '../ui/bottom-sheet';
import { Button } from '../ui/button';
import { DARK_SECONDARY } from '../ui/dashboard-panels';
import { useNotify } from '../ui/notification-context';
import { jobSignatureKey, SIGNATURE_PATH } from './job-signature';
import { useActionQueue } from './queued-actions';
import { QUEUE_TEXT } from './queued-actions-notice';
import { useSignaturePad } from './signature-pad';

/**
 * POST /work-order-signature: the pad's PNG with the customer's name, sent with an
 * Idempotency-Key or, with no signal, kept on the phone (the Blob in IndexedDB) behind the
 * job's other actions and sent when the signal returns (decisions 032, 033).
 */
export function useSaveSignature(orderId: string) {
  const queryClient = useQueryClient();
  const queue = useActionQueue();
  return useMutation({
    // Run with no network too: the queue decides between sending and waiting.
    networkMode: 'always',
    mutationFn: (input: { signerName: string; file: Blob }) =>
      queue.send<SignatureAnswer>({
        orderId,
        label: `Customer signature: ${input.signerName}`,
        method: 'POST',
        path: SIGNATURE_PATH,
        body: { orderId, signerName: input.signerName, file: input.file },
      }),
    onSuccess: (result) => {
      if (!result.queued) queryClient.setQueryData(jobSignatureKey(orderId), result.answer);
    },
  });
}

const FIELD =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none sm:text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/**
 * 'Get customer signature' (issue 22): the customer types their name and signs on the pad;
 * 'Clear' starts again, 'Save signature' keeps it (or queues it with no signal).
 */
export function SignatureDialog({
  orderId,
  open,
  onClose,
  defaultName = '',
}: {
  orderId: string;
  open: boolean;
  onClose: () => void;
  defaultName?: string;
}) {
  const save = useSaveSignature(orderId);
  const notify = useNotify();
  const ids = useId();
  const [name, setName] = useState(defaultName);
  const [empty, setEmpty] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const onPadChange = useCallback((isEmpty: boolean) => {
    setEmpty(isEmpty);
    if (!isEmpty) setProblem(null);
  }, []);
  const pad = useSignaturePad(onPadChange);

  useEffect(() => {
    if (open) {
      setName(defaultName);
      setProblem(null);
    }
  }, [open, defaultName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Opened from the complete form: its submit must not reach that form through the portal.
    event.stopPropagation();
    const signerName = name.trim();
    if (!signerName) return setProblem(SIGNATURE_MESSAGES.nameRequired);
    if (empty) return setProblem(SIGNATURE_MESSAGES.fileRequired);
    const file = await pad.blob();
    if (!file) return setProblem(SIGNATURE_MESSAGES.fileRequired);
    try {
      const result = await save.mutateAsync({ signerName, file });
      if (result.queued) notify.info(QUEUE_TEXT.queued);
      else notify.success(SIGNATURE_MESSAGES.signatureSaved);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to save the signature'));
    }
  };

  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      dismissible={!save.isPending}
      title="Customer Signature"
      description="Ask the customer to type their name and sign below."
      size="sm"
    >
      <form id={`${ids}-form`} onSubmit={submit} className="space-y-3">
        <div>
          <label
            htmlFor={`${ids}-name`}
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Customer name
          </label>
          <input
            id={`${ids}-name`}
            value={name}
            maxLength={SIGNATURE_NAME_MAX_LENGTH}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            className={FIELD}
          />
        </div>
        <div>
          <p
            id={`${ids}-pad-label`}
            className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Signature
          </p>
          <canvas
            ref={pad.attach}
            role="img"
            aria-labelledby={`${ids}-pad-label`}
            aria-describedby={`${ids}-pad-hint`}
            data-testid="signature-pad"
            className="block h-44 w-full touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white dark:border-slate-600"
          />
          <p id={`${ids}-pad-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            Sign inside the box with a finger.
          </p>
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {problem}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <Button
            type="button"
            variant="secondary"
            className={`h-11 ${DARK_SECONDARY}`}
            icon={<Eraser aria-hidden="true" className="size-4" />}
            disabled={save.isPending}
            onClick={pad.clear}
          >
            Clear
          </Button>
          <Button
            type="submit"
            className="h-11"
            loading={save.isPending}
            icon={<PenLine aria-hidden="true" className="size-4" />}
          >
            Save signature
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}

import {
  CUSTOMER_UPDATE_EVENT_LABELS,
  CUSTOMER_UPDATE_EVENTS,
  type CustomerUpdateEvent,
  UPDATE_LANGUAGE_LABELS,
  UPDATE_LANGUAGES,
  UPDATE_PLACEHOLDERS,
  type UpdatePlaceholder,
} from '@karya/domain/customer-updates';
import {
  EXAMPLE_VALUES,
  fillNumbered,
  highestParameter,
  TEMPLATE_MAX_PARAMETERS,
  type WhatsappTemplate,
} from '@karya/domain/whatsapp-templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { RefreshFailed } from '../../shared/refresh-failed';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { Loading } from '../../ui/spinner';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';

const KEY = ['whatsapp-templates'] as const;

/** What each placeholder reads as in the {{n}} selects: plain words, not code names. */
const PLACEHOLDER_LABELS: Record<UpdatePlaceholder, string> = {
  customerName: 'Customer name',
  orderId: 'Order number',
  projectType: 'Project type',
  technicianName: 'Technician name',
  technicianPhone: 'Technician phone',
  branchName: 'Branch name',
  branchPhone: 'Branch phone',
  amount: 'Amount',
  due: 'Amount still due',
  reason: 'Pause reason',
  statusLink: 'Status link',
  invoiceLink: 'Invoice link',
  upiLink: 'UPI payment link',
  contractNumber: 'Contract number',
  endDate: 'Contract end date',
  visit: 'Visit time',
  quotationNumber: 'Quotation number',
  validUntil: 'Quotation valid until',
  quoteLink: 'Quotation link',
};

const PLACEHOLDER_OPTIONS = UPDATE_PLACEHOLDERS.map((value) => ({
  value,
  label: PLACEHOLDER_LABELS[value],
}));

function useWhatsappTemplates() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<WhatsappTemplate[]>('GET', '/whatsapp-templates'),
  });
}

function useSaveTemplates<Input>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => apiRequest<WhatsappTemplate[]>('PUT', path, input),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}

/**
 * WhatsApp templates (issue 40): outside the 24 hours after a customer last wrote, WhatsApp
 * delivers only a template the business got approved in WhatsApp Manager. Per update and
 * language the admin records the approved template's name and language code and what fills
 * each {{1}}, {{2}} …, and turns sending at the moment of the event on or off.
 */
export function WhatsappTemplatesSection() {
  const templates = useWhatsappTemplates();
  const settings = useQuery({
    queryKey: ['customer-update-settings'],
    queryFn: () => apiRequest<{ sendsBy: 'server' | 'link' }>('GET', '/customer-update-settings'),
  });
  const [editing, setEditing] = useState<WhatsappTemplate | null>(null);
  // Only with nothing to show: a failed background refetch keeps the table and an open
  // template's form (what was typed), with a line saying so.
  if (templates.isError && !templates.data)
    return (
      <Card className="max-w-5xl">
        <Alert>{errorMessage(templates.error, 'Failed to fetch the WhatsApp templates.')}</Alert>
      </Card>
    );
  if (!templates.data) return <Loading label="Loading WhatsApp templates..." />;
  return (
    <div className="space-y-4">
      {templates.isError ? (
        <RefreshFailed
          error={templates.error}
          retrying={templates.isFetching}
          onRetry={() => void templates.refetch()}
        />
      ) : null}
      <Card className="max-w-5xl">
        <div className="space-y-2 text-sm text-slate-700">
          <p>
            WhatsApp delivers a message you start only as a <strong>template</strong> approved in
            WhatsApp Manager. Create each template there (category: Utility), copy Karya’s suggested
            wording, and once it is approved enter its name here.
          </p>
          {settings.data?.sendsBy === 'link' ? (
            <p className="rounded-lg bg-amber-50 p-2 text-amber-900">
              The WhatsApp Cloud API is not connected, so updates are sent from your own WhatsApp.
              These settings take effect once it is connected.
            </p>
          ) : null}
        </div>
      </Card>
      {CUSTOMER_UPDATE_EVENTS.map((event) => {
        const rows = templates.data.filter((row) => row.event === event);
        return (
          <Card key={event} title={CUSTOMER_UPDATE_EVENT_LABELS[event]} className="max-w-5xl">
            <div className="space-y-3">
              <AutoSendSwitch event={event} enabled={rows[0]?.autoSend ?? false} />
              <div className="grid gap-4 md:grid-cols-2">
                {UPDATE_LANGUAGES.map((language) => {
                  const row = rows.find((entry) => entry.language === language);
                  return row ? (
                    <TemplateSummary key={language} row={row} onEdit={() => setEditing(row)} />
                  ) : null;
                })}
              </div>
            </div>
          </Card>
        );
      })}
      {editing ? <TemplateDialog row={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function AutoSendSwitch({ event, enabled }: { event: CustomerUpdateEvent; enabled: boolean }) {
  const notify = useNotify();
  const save = useSaveTemplates<{ event: CustomerUpdateEvent; enabled: boolean }>(
    '/whatsapp-auto-send',
  );
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
      <input
        type="checkbox"
        role="switch"
        aria-checked={enabled}
        className="size-5 accent-green-600"
        checked={enabled}
        disabled={save.isPending}
        onChange={(change) =>
          save.mutate(
            { event, enabled: change.target.checked },
            {
              onError: (error) => notify.error(errorMessage(error, 'Failed to save the setting')),
            },
          )
        }
      />
      <span>
        Send automatically when it happens
        <span className="block text-xs text-slate-500">
          Off: sent only when someone taps ‘Send update on WhatsApp’.
        </span>
      </span>
    </label>
  );
}

function TemplateSummary({ row, onEdit }: { row: WhatsappTemplate; onEdit: () => void }) {
  const name = `${CUSTOMER_UPDATE_EVENT_LABELS[row.event]} (${UPDATE_LANGUAGE_LABELS[row.language]})`;
  return (
    <section
      aria-label={`WhatsApp template: ${name}`}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {UPDATE_LANGUAGE_LABELS[row.language]}
        </h3>
        {row.templateName ? (
          <span className="text-xs break-all text-slate-600">
            {row.templateName} ({row.languageCode})
          </span>
        ) : (
          <span className="text-xs text-amber-700">No template yet: not sent automatically</span>
        )}
      </div>
      <p className="flex-1 text-sm break-words whitespace-pre-wrap text-slate-700">{row.preview}</p>
      <div>
        <Button size="sm" variant="secondary" onClick={onEdit}>
          {row.templateName ? 'Edit template' : 'Set up template'}
        </Button>
      </div>
    </section>
  );
}

function TemplateDialog({ row, onClose }: { row: WhatsappTemplate; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveTemplates<object>('/whatsapp-templates');
  const [templateName, setTemplateName] = useState(row.templateName ?? row.suggested.name);
  const [languageCode, setLanguageCode] = useState(
    row.languageCode ?? (row.language === 'en' ? 'en' : 'hi'),
  );
  const [body, setBody] = useState(row.body ?? row.suggested.body);
  const [parameters, setParameters] = useState<UpdatePlaceholder[]>(
    row.templateName ? row.parameters : row.suggested.parameters,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const count = Math.min(highestParameter(body), TEMPLATE_MAX_PARAMETERS);
  const mapped = Array.from(
    { length: count },
    (_, index) => parameters[index] ?? 'customerName',
  ) as UpdatePlaceholder[];
  const preview = fillNumbered(
    body,
    mapped.map((name) => EXAMPLE_VALUES[name]),
  );
  const title = `${CUSTOMER_UPDATE_EVENT_LABELS[row.event]} (${UPDATE_LANGUAGE_LABELS[row.language]})`;
  const submit = () => {
    setFailure(null);
    save.mutate(
      {
        event: row.event,
        language: row.language,
        templateName: templateName.trim(),
        languageCode: languageCode.trim(),
        parameters: mapped,
        body: body.trim() || undefined,
      },
      {
        onSuccess: () => {
          notify.success('WhatsApp template saved');
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error, 'Failed to save the template')),
      },
    );
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(row.suggested.body);
      notify.success('Suggested wording copied');
    } catch {
      notify.error('Could not copy: select the wording and copy it yourself');
    }
  };
  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      dismissible={!save.isPending}
      title={`WhatsApp template: ${title}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} loadingText="Saving...">
            Save Template
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <section aria-label="Suggested wording" className="rounded-lg bg-slate-50 p-3">
          <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-medium text-slate-700">
              Suggested wording (name: {row.suggested.name})
            </h3>
            <Button size="sm" variant="secondary" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              Copy
            </Button>
          </div>
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
            {row.suggested.body}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            Paste it into WhatsApp Manager as a Utility template. It is sent only after WhatsApp
            approves it.
          </p>
        </section>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Template name"
            hint="As approved in WhatsApp Manager: small letters, digits and _"
            value={templateName}
            onChange={(change) => setTemplateName(change.target.value)}
            autoCapitalize="off"
            spellCheck={false}
          />
          <TextField
            label="Language code"
            hint="The template’s language in WhatsApp Manager: en, en_US, hi …"
            value={languageCode}
            onChange={(change) => setLanguageCode(change.target.value)}
            autoCapitalize="off"
            spellCheck={false}
          />
        </div>
        <TextAreaField
          label="Approved wording"
          rows={4}
          maxLength={1024}
          value={body}
          onChange={(change) => setBody(change.target.value)}
        />
        {count > 0 ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">What fills each blank</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {mapped.map((name, index) => (
                <SelectField
                  // The position is the parameter's identity: {{1}} is always the first.
                  // biome-ignore lint/suspicious/noArrayIndexKey: positions, not items
                  key={index}
                  label={`{{${index + 1}}}`}
                  options={PLACEHOLDER_OPTIONS}
                  value={name}
                  onChange={(change) => {
                    const next = [...mapped];
                    next[index] = change.target.value as UpdatePlaceholder;
                    setParameters(next);
                  }}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        <div>
          <h3 className="mb-1 text-sm font-medium text-slate-700">
            Preview: as the customer reads it
          </h3>
          <p
            data-testid="whatsapp-template-preview"
            className="rounded-lg bg-green-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800"
          >
            {preview}
          </p>
        </div>
      </div>
    </Modal>
  );
}

import {
  CUSTOMER_UPDATE_EVENT_LABELS,
  CUSTOMER_UPDATE_EVENTS,
  type CustomerUpdateTemplate,
  fillTemplate,
  UPDATE_LANGUAGE_LABELS,
  UPDATE_LANGUAGES,
  UPDATE_PLACEHOLDERS,
  UPDATE_TEMPLATE_MAX_LENGTH,
  type UpdateValues,
} from '@karya/domain/customer-updates';
import { formatDateTime } from '@karya/domain/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api-client';
import {
  CUSTOMER_UPDATE_TEMPLATES_KEY,
  useUpdateTemplates,
} from '../../shared/customer-update-templates';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { Loading } from '../../ui/spinner';
import { TabStrip } from '../../ui/tab-strip';
import { TextAreaField } from '../../ui/text-area-field';
import { InboundBranchSetting } from './inbound-branch-setting';
import { WhatsappTemplatesSection } from './whatsapp-templates-section';

/** What the preview fills a message with: a made-up job, so the admin reads it as sent. */
const SAMPLE: UpdateValues = {
  customerName: 'Meera Joshi',
  orderId: 'WO-2026-000123',
  projectType: 'CCTV Camera',
  technicianName: 'Suresh Patil',
  technicianPhone: '+91 98220 12345',
  branchName: 'Kothrud',
  branchPhone: '+91 20 2543 0000',
  amount: '₹12,400.00',
  due: '₹2,400.00',
  reason: 'Waiting for a ladder',
  statusLink: 'https://karya.example/s/abc',
  invoiceLink: 'https://karya.example/s/abc',
  // An old reminder's {upiLink} is filled with the status link, whose 'Pay by UPI' works.
  upiLink: 'https://karya.example/s/abc',
  contractNumber: 'AMC-2026-000004',
  endDate: '14 Jan 2027',
};

type Saving = { kind: 'save'; body: string } | { kind: 'reset' };

function useChangeTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ template, change }: { template: CustomerUpdateTemplate; change: Saving }) =>
      apiRequest<CustomerUpdateTemplate[]>(
        change.kind === 'save' ? 'PUT' : 'DELETE',
        '/customer-update-templates',
        change.kind === 'save'
          ? { event: template.event, language: template.language, body: change.body }
          : { event: template.event, language: template.language },
      ),
    onSuccess: (saved) => queryClient.setQueryData(CUSTOMER_UPDATE_TEMPLATES_KEY, saved),
  });
}

/**
 * Customer Updates (admins, issue 21): what customers read on WhatsApp at each step of a
 * job, in Hinglish and English; each message is the admin's or the one Karya ships.
 */
export function CustomerUpdatesPage() {
  const [tab, setTab] = useState<'messages' | 'whatsapp'>('messages');
  return (
    <>
      <PageHeader
        title="Customer Updates"
        description="What customers read on WhatsApp at each step of a job. The {placeholders} are filled in when a message is sent."
      />
      <TabStrip
        label="Customer updates"
        className="mb-4 max-w-5xl"
        tabs={[
          { value: 'messages', label: 'Messages' },
          { value: 'whatsapp', label: 'WhatsApp templates' },
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'messages' ? (
        <UpdateMessages />
      ) : (
        <>
          <InboundBranchSetting />
          <WhatsappTemplatesSection />
        </>
      )}
    </>
  );
}

/** Karya's own wording of each update, sent from the sender's WhatsApp or inside the window. */
function UpdateMessages() {
  const templates = useUpdateTemplates({ fresh: true });
  const [editing, setEditing] = useState<CustomerUpdateTemplate | null>(null);
  return (
    <>
      {templates.isError ? (
        <Card className="max-w-3xl">
          <div className="space-y-3">
            <Alert>
              {errorMessage(templates.error, 'Server error. Failed to fetch the messages.')}
            </Alert>
            <Button variant="secondary" onClick={() => void templates.refetch()}>
              Try again
            </Button>
          </div>
        </Card>
      ) : !templates.data ? (
        <Loading label="Loading messages..." />
      ) : (
        <div className="space-y-4">
          {CUSTOMER_UPDATE_EVENTS.map((event) => (
            <Card key={event} title={CUSTOMER_UPDATE_EVENT_LABELS[event]} className="max-w-5xl">
              <div className="grid gap-4 md:grid-cols-2">
                {UPDATE_LANGUAGES.map((language) => {
                  const template = templates.data.find(
                    (entry) => entry.event === event && entry.language === language,
                  );
                  return template ? (
                    <TemplateView
                      key={language}
                      template={template}
                      onEdit={() => setEditing(template)}
                    />
                  ) : null;
                })}
              </div>
            </Card>
          ))}
        </div>
      )}
      {editing ? <EditTemplateDialog template={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function TemplateView({
  template,
  onEdit,
}: {
  template: CustomerUpdateTemplate;
  onEdit: () => void;
}) {
  const notify = useNotify();
  const change = useChangeTemplate();
  const name = `${CUSTOMER_UPDATE_EVENT_LABELS[template.event]} (${UPDATE_LANGUAGE_LABELS[template.language]})`;
  return (
    <section
      aria-label={name}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {UPDATE_LANGUAGE_LABELS[template.language]}
        </h3>
        <span className="text-xs text-slate-500">
          {template.isDefault ? 'Default' : `Changed ${formatDateTime(template.updatedAt)}`}
        </span>
      </div>
      <p className="flex-1 text-sm whitespace-pre-wrap text-slate-700">{template.body}</p>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        {template.isDefault ? null : (
          <Button
            size="sm"
            variant="ghost"
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { template, change: { kind: 'reset' } },
                {
                  onSuccess: () => notify.success('Message set back to the default'),
                  onError: (error) =>
                    notify.error(errorMessage(error, 'Failed to reset the message')),
                },
              )
            }
          >
            Reset to default
          </Button>
        )}
      </div>
    </section>
  );
}

function EditTemplateDialog({
  template,
  onClose,
}: {
  template: CustomerUpdateTemplate;
  onClose: () => void;
}) {
  const notify = useNotify();
  const change = useChangeTemplate();
  const [body, setBody] = useState(template.body);
  const [failure, setFailure] = useState<string | null>(null);
  const save = () => {
    setFailure(null);
    change.mutate(
      { template, change: { kind: 'save', body } },
      {
        onSuccess: () => {
          notify.success('Message saved');
          onClose();
        },
        // The server's words (an unknown placeholder, an empty message); the text stays.
        onError: (error) => setFailure(errorMessage(error, 'Failed to save the message')),
      },
    );
  };
  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      dismissible={!change.isPending}
      title={`Edit: ${CUSTOMER_UPDATE_EVENT_LABELS[template.event]} (${UPDATE_LANGUAGE_LABELS[template.language]})`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button onClick={save} loading={change.isPending} loadingText="Saving...">
            Save Message
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TextAreaField
          label="Message"
          rows={6}
          maxLength={UPDATE_TEMPLATE_MAX_LENGTH}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        <p className="text-xs text-slate-500">
          Placeholders: {UPDATE_PLACEHOLDERS.map((name) => `{${name}}`).join(' ')}. A line whose
          value is missing (no phone, nothing due) is left out of the message.
        </p>
        <div>
          <h3 className="mb-1 text-sm font-medium text-slate-700">Preview</h3>
          <p
            data-testid="template-preview"
            className="rounded-lg bg-green-50 p-3 text-sm whitespace-pre-wrap text-slate-800"
          >
            {fillTemplate(body, SAMPLE, template.language)}
          </p>
        </div>
      </div>
    </Modal>
  );
}

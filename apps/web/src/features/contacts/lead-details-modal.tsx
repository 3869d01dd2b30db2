import { type LeadStatus, PROJECT_TYPES } from '@karya/domain/contact-schemas';
import { formatDate } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import { ArrowRightLeft } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { useConversationSlot } from '../../shared/conversation-slot';
import { useQuotationsSlot } from '../../shared/quotations-slot';
import { stateLabel } from '../../shared/state-options';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { Loading } from '../../ui/spinner';
import { TextAreaField } from '../../ui/text-area-field';
import { useAddRemark } from './api/add-remark';
import { branchName, type Lead } from './api/contact-types';
import { useConvertLead } from './api/convert-lead';
import { useLead } from './api/get-lead';
import { CONTACT_MESSAGES, REMARK_BANNER_MS } from './contact-rules';
import { LeadStatusBadge, LeadStatusChoice } from './lead-status-badge';
import { ProfileCard } from './profile-card';
import { RemarkList } from './remark-list';
import { updateLanguageLabel } from './update-language-field';

/** Spec 1 §2.10: Lead Details, with Remarks & Follow-ups and the Convert mode. */
export function LeadDetailsModal({
  leadId,
  startInConvert = false,
  onClose,
}: {
  leadId: string;
  startInConvert?: boolean;
  onClose: () => void;
}) {
  const viewer = useSessionUser();
  const canConvert = viewer.role !== 'admin';
  const lead = useLead(leadId);
  const conversation = useConversationSlot();
  const quotations = useQuotationsSlot();
  const [converting, setConverting] = useState(startInConvert && canConvert);
  const notFound = lead.error instanceof ApiError && lead.error.status === 404;

  return (
    <Modal
      open
      onClose={onClose}
      title={converting ? 'Convert Lead to Customer' : 'Lead Details'}
      size="xl"
    >
      {lead.data ? (
        converting ? (
          <ConvertPanel lead={lead.data} onCancel={() => setConverting(false)} onDone={onClose} />
        ) : (
          <div className="space-y-5">
            <ProfileCard
              name={lead.data.name}
              subtitle={`Added on ${formatDate(lead.data.createdAt)}`}
              badges={<LeadStatusBadge status={lead.data.status} />}
              rows={leadRows(lead.data)}
              actions={
                canConvert ? (
                  <Button
                    icon={<ArrowRightLeft aria-hidden="true" className="size-4" />}
                    onClick={() => setConverting(true)}
                  >
                    Convert to Customer
                  </Button>
                ) : null
              }
            />
            <RemarksPanel lead={lead.data} />
            {quotations ? <quotations.ContactQuotations leadId={lead.data._id} /> : null}
            {conversation ? <conversation.Thread contactId={lead.data._id} /> : null}
          </div>
        )
      ) : lead.isError ? (
        <Alert>
          {notFound ? 'Lead not found.' : errorMessage(lead.error, 'Failed to fetch lead details')}
        </Alert>
      ) : (
        <Loading label="Loading lead..." />
      )}
    </Modal>
  );
}

function leadRows(lead: Lead): Array<[string, string]> {
  return [
    ['Phone', formatPhone(lead.phoneNumber) || 'N/A'],
    ['WhatsApp', lead.whatsappNumber || 'N/A'],
    ['Email', lead.email || 'N/A'],
    ['Address', lead.address || 'N/A'],
    ['State', stateLabel(lead.stateCode, 'N/A')],
    ['GSTIN', lead.gstin || 'N/A'],
    ['Update language', updateLanguageLabel(lead.preferredLanguage)],
    ['Age', lead.age != null ? `${lead.age} years` : 'N/A'],
    ['Branch', branchName(lead.branch)],
    // Issue 40: a lead a message from a new number made says so.
    ...(lead.source ? ([['Source', lead.source]] as Array<[string, string]>) : []),
  ];
}

function RemarksPanel({ lead }: { lead: Lead }) {
  const addRemark = useAddRemark(lead._id);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<LeadStatus>('neutral');
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), REMARK_BANNER_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setAdded(false);
    if (!text.trim()) {
      setFailure(CONTACT_MESSAGES.remarkRequired);
      return;
    }
    try {
      await addRemark.mutateAsync({ text: text.trim(), status });
      setText('');
      setStatus('neutral');
      setAdded(true);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to add remark'));
    }
  };

  return (
    <section aria-labelledby="remarks-heading" className="rounded-lg border border-slate-200">
      <h3
        id="remarks-heading"
        className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900"
      >
        Remarks &amp; Follow-ups
      </h3>
      <div className="grid gap-4 p-4 lg:grid-cols-2">
        <form onSubmit={submit} noValidate className="space-y-3">
          <h4 className="text-sm font-semibold text-slate-800">Add New Remark</h4>
          {added ? <Alert tone="success">{CONTACT_MESSAGES.remarkAdded}</Alert> : null}
          {failure ? <Alert>{failure}</Alert> : null}
          <TextAreaField
            label="Remark"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Enter your remark or follow-up notes..."
          />
          <LeadStatusChoice
            label="Status"
            name={`remark-status-${lead._id}`}
            value={status}
            onChange={setStatus}
          />
          <Button type="submit" loading={addRemark.isPending} loadingText="Adding...">
            Add Remark
          </Button>
        </form>
        <div>
          <h4 className="mb-2 text-sm font-semibold text-slate-800">Remark History</h4>
          <RemarkList remarks={lead.remarks ?? []} label="Remark History" />
        </div>
      </div>
    </section>
  );
}

function ConvertPanel({
  lead,
  onCancel,
  onDone,
}: {
  lead: Lead;
  onCancel: () => void;
  onDone: () => void;
}) {
  const convert = useConvertLead(lead._id);
  const navigate = useNavigate();
  const [projectType, setProjectType] = useState('');
  const [remark, setRemark] = useState('');
  const [typeError, setTypeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!projectType) {
      setTypeError(CONTACT_MESSAGES.selectProjectType);
      return;
    }
    setTypeError(undefined);
    try {
      await convert.mutateAsync({ projectType, initialRemark: remark.trim() });
      onDone();
      navigate('/work-orders');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to convert lead to customer'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <SelectField
        label="Select Project Type*"
        placeholder="Select project type"
        options={PROJECT_TYPES.map((type) => ({ value: type, label: type }))}
        value={projectType}
        onChange={(event) => setProjectType(event.target.value)}
        error={typeError}
      />
      <TextAreaField
        label="Initial Project Remark"
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
      />
      <section
        aria-label="Conversion summary"
        className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm"
      >
        <h3 className="mb-2 font-semibold text-blue-900">Summary</h3>
        <dl className="grid gap-1 sm:grid-cols-2">
          <dt className="text-slate-600">Name</dt>
          <dd className="font-medium text-slate-900">{lead.name}</dd>
          <dt className="text-slate-600">Phone</dt>
          <dd className="font-medium text-slate-900">{formatPhone(lead.phoneNumber)}</dd>
          <dt className="text-slate-600">Project Type</dt>
          <dd className="font-medium text-slate-900">{projectType || 'Not selected'}</dd>
          <dt className="text-slate-600">Remarks carried over</dt>
          <dd className="font-medium text-slate-900">{(lead.remarks ?? []).length}</dd>
        </dl>
        <p className="mt-2 text-slate-600">
          The lead becomes a customer and a work order is created for the project.
        </p>
      </section>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={convert.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={convert.isPending} loadingText="Converting...">
          Complete Conversion
        </Button>
      </div>
    </form>
  );
}

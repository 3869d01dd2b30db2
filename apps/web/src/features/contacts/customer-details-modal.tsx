import { formatDate, formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import { FolderPlus, Pencil, Wrench } from 'lucide-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { useConversationSlot } from '../../shared/conversation-slot';
import { useCustomerSections } from '../../shared/customer-sections';
import { useQuotationsSlot } from '../../shared/quotations-slot';
import { stateLabel } from '../../shared/state-options';
import { WorkOrderStatusPill } from '../../shared/work-order-status-pill';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Loading } from '../../ui/spinner';
import { StatusBadge } from '../../ui/status-badge';
import { Table, Td } from '../../ui/table';
import { branchName, type Customer, type Remark } from './api/contact-types';
import { useCustomer } from './api/get-customer';
import { CONTACT_MESSAGES, categoryLabel } from './contact-rules';
import { EditCustomerModal } from './edit-customer-modal';
import { ContactTypeBadge } from './lead-status-badge';
import { ProfileCard } from './profile-card';
import { RemarkList } from './remark-list';
import { updateLanguageLabel } from './update-language-field';
import { type WorkOrderKind, WorkOrderModal } from './work-order-modal';

const ORDER_COLUMNS = ['Sr.No', 'Project Type', 'Category', 'Created', 'Status', 'Actions'];

/** Spec 1 §2.10: Customer Details, with its work orders and complaints and Lead History. */
export function CustomerDetailsModal({
  customerId,
  onClose,
}: {
  customerId: string;
  onClose: () => void;
}) {
  const viewer = useSessionUser();
  const sections = useCustomerSections();
  const conversation = useConversationSlot();
  const quotations = useQuotationsSlot();
  const canEdit = viewer.role !== 'admin';
  const customer = useCustomer(customerId);
  const [editing, setEditing] = useState(false);
  const [creating, setCreating] = useState<WorkOrderKind | null>(null);
  const [blocked, setBlocked] = useState(false);
  const notFound = customer.error instanceof ApiError && customer.error.status === 404;
  const data = customer.data;

  const openComplaint = () => {
    if (!data || (data.projects ?? []).length === 0) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    setCreating('complaint');
  };

  return (
    <>
      <Modal open={!editing && !creating} onClose={onClose} title="Customer Details" size="xl">
        {data ? (
          <div className="space-y-5">
            <ProfileCard
              name={data.name}
              subtitle={`Added on ${formatDate(data.createdAt)}`}
              badges={
                <>
                  <ContactTypeBadge type="customer" />
                  <StatusBadge status={data.status} />
                  {data.convertedFromLead ? (
                    <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      Converted from Lead
                    </span>
                  ) : null}
                </>
              }
              rows={customerRows(data)}
              actions={
                canEdit ? (
                  <Button
                    variant="secondary"
                    icon={<Pencil aria-hidden="true" className="size-4" />}
                    onClick={() => setEditing(true)}
                  >
                    Edit Customer
                  </Button>
                ) : null
              }
            />
            <section
              aria-labelledby="orders-heading"
              className="rounded-lg border border-slate-200"
            >
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
                <h3 id="orders-heading" className="text-base font-semibold text-slate-900">
                  Work Orders &amp; Complaints
                </h3>
                {canEdit ? (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={<Wrench aria-hidden="true" className="size-4" />}
                      onClick={openComplaint}
                    >
                      New Complaint
                    </Button>
                    <Button
                      size="sm"
                      icon={<FolderPlus aria-hidden="true" className="size-4" />}
                      onClick={() => setCreating('project')}
                    >
                      New Project
                    </Button>
                  </div>
                ) : null}
              </div>
              {blocked ? (
                <div className="p-4 pb-0">
                  <Alert>{CONTACT_MESSAGES.needsProject}</Alert>
                </div>
              ) : null}
              <WorkOrdersTable customer={data} />
            </section>
            {quotations ? <quotations.ContactQuotations customerId={data._id} /> : null}
            {conversation ? <conversation.Thread contactId={data._id} /> : null}
            <sections.InstalledProducts customerId={data._id} />
            <section
              aria-labelledby="lead-history-heading"
              className="rounded-lg border border-slate-200"
            >
              <h3
                id="lead-history-heading"
                className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900"
              >
                Lead History
              </h3>
              <div className="p-4">
                <RemarkList remarks={leadRemarks(data)} label="Lead History" />
              </div>
            </section>
          </div>
        ) : customer.isError ? (
          <Alert>
            {notFound
              ? 'Customer not found.'
              : errorMessage(customer.error, 'Failed to fetch customer details')}
          </Alert>
        ) : (
          <Loading label="Loading customer..." />
        )}
      </Modal>
      {editing && data ? (
        <EditCustomerModal customer={data} onClose={() => setEditing(false)} />
      ) : null}
      {creating && data ? (
        <WorkOrderModal customerId={data._id} kind={creating} onClose={() => setCreating(null)} />
      ) : null}
    </>
  );
}

function customerRows(customer: Customer): Array<[string, string]> {
  return [
    ['Phone', formatPhone(customer.phoneNumber) || 'N/A'],
    ['WhatsApp', customer.whatsappNumber || 'N/A'],
    ['Email', customer.email || 'N/A'],
    ['Address', customer.address || 'N/A'],
    ['State', stateLabel(customer.stateCode, 'N/A')],
    ['GSTIN', customer.gstin || 'N/A'],
    ['Update language', updateLanguageLabel(customer.preferredLanguage)],
    ['Age', customer.age != null ? `${customer.age} years` : 'N/A'],
    ['Branch', branchName(customer.branch)],
    ['Origin', customer.convertedFromLead ? 'Converted from Lead' : 'Added directly'],
  ];
}

function leadRemarks(customer: Customer): Remark[] {
  const lead = customer.leadId;
  return lead && typeof lead === 'object' ? (lead.remarks ?? []) : [];
}

function WorkOrdersTable({ customer }: { customer: Customer }) {
  const sections = useCustomerSections();
  const [viewing, setViewing] = useState<string | null>(null);
  const orders = [...(customer.workOrders ?? [])].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <div className="max-h-[400px] overflow-y-auto">
      {viewing ? (
        <sections.WorkOrderDetails
          customerId={customer._id}
          orderId={viewing}
          onClose={() => setViewing(null)}
        />
      ) : null}
      <Table columns={ORDER_COLUMNS} label="Work Orders & Complaints">
        {orders.length === 0 ? (
          <tr>
            <td colSpan={ORDER_COLUMNS.length} className="px-4 py-6 text-center text-slate-500">
              {CONTACT_MESSAGES.noProjects}
            </td>
          </tr>
        ) : (
          orders.map((order, index) => (
            <tr key={order._id}>
              <Td>{index + 1}</Td>
              <Td className="font-medium text-slate-900">{order.projectType}</Td>
              <Td>{categoryLabel(order.projectCategory)}</Td>
              <Td>{formatDateTime(order.createdAt)}</Td>
              <Td>
                <WorkOrderStatusPill status={order.status} />
              </Td>
              <Td>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`View Details of ${order.projectType} ${order.orderId}`}
                  onClick={() => setViewing(order.orderId)}
                >
                  View Details
                </Button>
              </Td>
            </tr>
          ))
        )}
      </Table>
    </div>
  );
}

import {
  LEAD_STATUSES,
  type LeadStatus,
  looksLikePhoneNumber,
} from '@karya/domain/contact-schemas';
import { ArrowRightLeft, Eye, FolderPlus, UserPlus, Wrench } from 'lucide-react';
import { useState } from 'react';
import { type ExportChoice, ExportDownload } from '../../shared/export-download';
import { ListPageFrame, ListToolbar } from '../../shared/list-page-frame';
import { useBranchParam, useDebouncedSearch } from '../../shared/use-list-controls';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { FilterGroup } from '../../ui/filter-group';
import { ListPager } from '../../ui/list-pager';
import { AddContactModal } from './add-contact-modal';
import type { Contact, ContactType } from './api/contact-types';
import { type ContactTypeFilter, useContacts } from './api/get-contacts';
import { ContactDetailsDialog, type OpenContact } from './contact-details-dialog';
import { LEAD_STATUS_LABELS } from './contact-rules';
import { ContactsTable } from './contacts-table';
import { type WorkOrderKind, WorkOrderModal } from './work-order-modal';

const PAGE_SIZE = 20;

/** What Download gives: the contacts shown, customers and leads each in their own file. */
function exportChoicesOf(type: ContactTypeFilter): ExportChoice[] {
  const customers: ExportChoice = { kind: 'customers', label: 'Customers' };
  const leads: ExportChoice = { kind: 'leads', label: 'Leads' };
  if (type === 'customers') return [customers];
  if (type === 'leads') return [leads];
  return [customers, leads];
}

const TYPE_FILTERS: Array<{ value: ContactTypeFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'leads', label: 'Leads' },
  { value: 'customers', label: 'Customers' },
];

interface Adding {
  phone?: string;
  type?: ContactType;
}

/** Spec 1 §2.10: Lead & Customer Management. */
export function ContactsPage() {
  const { isAdmin, branch, setBranch } = useBranchParam();
  const [type, setType] = useState<ContactTypeFilter>('all');
  const [status, setStatus] = useState<LeadStatus | null>(null);
  const [page, setPage] = useState(1);
  const { searchText, setSearchText, search } = useDebouncedSearch(() => setPage(1));
  const [adding, setAdding] = useState<Adding | null>(null);
  const [open, setOpen] = useState<OpenContact | null>(null);
  const [creating, setCreating] = useState<{ customerId: string; kind: WorkOrderKind } | null>(
    null,
  );

  const contacts = useContacts(
    { type, status: type === 'leads' ? status : null, search, branch },
    page,
    PAGE_SIZE,
  );
  const rows = contacts.data?.items ?? [];

  const chooseType = (next: ContactTypeFilter) => {
    setType(next);
    if (next !== 'leads') setStatus(null);
    setPage(1);
  };
  const chooseBranch = (value: string) => {
    setBranch(value);
    setPage(1);
  };

  const rowActions = (contact: Contact) => (
    <>
      <Button
        size="sm"
        icon={<Eye aria-hidden="true" className="size-4" />}
        onClick={() => setOpen({ id: contact._id, type: contact.contactType })}
      >
        View Details
      </Button>
      {isAdmin ? null : contact.contactType === 'lead' ? (
        <Button
          size="sm"
          variant="secondary"
          icon={<ArrowRightLeft aria-hidden="true" className="size-4" />}
          onClick={() => setOpen({ id: contact._id, type: 'lead', convert: true })}
        >
          Convert to Customer
        </Button>
      ) : (
        <>
          <Button
            size="sm"
            variant="secondary"
            icon={<Wrench aria-hidden="true" className="size-4" />}
            onClick={() => setCreating({ customerId: contact._id, kind: 'complaint' })}
          >
            New Complaint
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={<FolderPlus aria-hidden="true" className="size-4" />}
            onClick={() => setCreating({ customerId: contact._id, kind: 'project' })}
          >
            New Project
          </Button>
        </>
      )}
    </>
  );

  const offerAdd = !isAdmin && search !== '' && looksLikePhoneNumber(search);

  return (
    <>
      <ListPageFrame
        title="Lead & Customer Management"
        refresh={{ onClick: () => void contacts.refetch(), loading: contacts.isFetching }}
        add={isAdmin ? null : { label: 'Add New Lead/Customer', onClick: () => setAdding({}) }}
        actions={<ExportDownload choices={exportChoicesOf(type)} branch={branch} />}
        toolbar={
          <ListToolbar
            chips={
              <>
                <FilterGroup
                  label="Contact type"
                  options={TYPE_FILTERS}
                  value={type}
                  onChange={chooseType}
                />
                {type === 'leads' ? (
                  <FilterGroup
                    label="Lead status"
                    options={LEAD_STATUSES.map((value) => ({
                      value,
                      label: LEAD_STATUS_LABELS[value],
                    }))}
                    value={status}
                    onChange={(next) => {
                      setStatus((current) => (current === next ? null : next));
                      setPage(1);
                    }}
                  />
                ) : null}
              </>
            }
            search={{
              value: searchText,
              onChange: setSearchText,
              placeholder: 'Search by name, phone or email',
              label: 'Search contacts',
            }}
            branchFilter={isAdmin ? { value: branch, onChange: chooseBranch } : null}
          />
        }
        body={{
          query: contacts,
          failureMessage: 'Failed to fetch customer data',
          loadingLabel: 'Loading contacts...',
          isEmpty: rows.length === 0,
          empty: (
            <EmptyState
              title={search ? 'No contacts match your search' : 'No leads or customers found'}
              action={
                offerAdd ? (
                  <div className="flex flex-wrap justify-center gap-2">
                    <Button
                      icon={<UserPlus aria-hidden="true" className="size-4" />}
                      onClick={() => setAdding({ phone: search, type: 'lead' })}
                    >
                      Add as New Lead
                    </Button>
                    <Button
                      variant="secondary"
                      icon={<UserPlus aria-hidden="true" className="size-4" />}
                      onClick={() => setAdding({ phone: search, type: 'customer' })}
                    >
                      Add as New Customer
                    </Button>
                  </div>
                ) : null
              }
            />
          ),
        }}
      >
        <ContactsTable
          rows={rows}
          firstNumber={(page - 1) * PAGE_SIZE + 1}
          label="Leads and customers"
          actions={rowActions}
        />
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={contacts.data?.total ?? 0}
          noun="contacts"
          onPage={setPage}
        />
      </ListPageFrame>
      {adding ? (
        <AddContactModal
          initialPhone={adding.phone}
          initialType={adding.type}
          defaultBranch={branch}
          onClose={() => setAdding(null)}
        />
      ) : null}
      {open ? <ContactDetailsDialog contact={open} onClose={() => setOpen(null)} /> : null}
      {creating ? (
        <WorkOrderModal
          customerId={creating.customerId}
          kind={creating.kind}
          onClose={() => setCreating(null)}
        />
      ) : null}
    </>
  );
}

import {
  LEAD_STATUSES,
  type LeadStatus,
  looksLikePhoneNumber,
} from '@karya/domain/contact-schemas';
import { ArrowRightLeft, Eye, FolderPlus, Plus, UserPlus, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { useBranches } from '../../shared/get-branches';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { FilterGroup } from '../../ui/filter-group';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { SearchInput } from '../../ui/search-input';
import { SelectField } from '../../ui/select-field';
import { Loading } from '../../ui/spinner';
import { AddContactModal } from './add-contact-modal';
import type { Contact, ContactType } from './api/contact-types';
import { type ContactTypeFilter, useContacts } from './api/get-contacts';
import { ContactDetailsDialog, type OpenContact } from './contact-details-dialog';
import { LEAD_STATUS_LABELS } from './contact-rules';
import { ContactsTable } from './contacts-table';
import { type WorkOrderKind, WorkOrderModal } from './work-order-modal';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

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
  const viewer = useSessionUser();
  const isAdmin = viewer.role === 'admin';
  const [params, setParams] = useSearchParams();
  const branch = isAdmin ? params.get('branch') || null : null;
  const branches = useBranches(isAdmin);
  const [type, setType] = useState<ContactTypeFilter>('all');
  const [status, setStatus] = useState<LeadStatus | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState<Adding | null>(null);
  const [open, setOpen] = useState<OpenContact | null>(null);
  const [creating, setCreating] = useState<{ customerId: string; kind: WorkOrderKind } | null>(
    null,
  );

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const contacts = useContacts({
    type,
    status: type === 'leads' ? status : null,
    search,
    branch,
    page,
    pageSize: PAGE_SIZE,
  });
  const rows = contacts.data?.items ?? [];
  const total = contacts.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const chooseType = (next: ContactTypeFilter) => {
    setType(next);
    if (next !== 'leads') setStatus(null);
    setPage(1);
  };
  const setBranch = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('branch', value);
    else next.delete('branch');
    setParams(next, { replace: true });
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
      <PageHeader
        title="Lead & Customer Management"
        actions={
          <>
            <RefreshButton onClick={() => void contacts.refetch()} loading={contacts.isFetching} />
            {isAdmin ? null : (
              <Button
                icon={<Plus aria-hidden="true" className="size-4" />}
                onClick={() => setAdding({})}
              >
                Add New Lead/Customer
              </Button>
            )}
          </>
        }
      />
      <Card padded={false}>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
          <FilterGroup
            label="Contact type"
            options={TYPE_FILTERS}
            value={type}
            onChange={chooseType}
          />
          {type === 'leads' ? (
            <FilterGroup
              label="Lead status"
              options={LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))}
              value={status}
              onChange={(next) => {
                setStatus((current) => (current === next ? null : next));
                setPage(1);
              }}
            />
          ) : null}
          <SearchInput
            value={searchText}
            onChange={setSearchText}
            placeholder="Search by name, phone or email"
            label="Search contacts"
            className="w-full max-w-sm"
          />
          {isAdmin ? (
            <SelectField
              label="Branch"
              hideLabel
              placeholder="All Branches"
              options={(branches.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
              value={branch ?? ''}
              onChange={(event) => setBranch(event.target.value)}
              className="w-full sm:w-56"
            />
          ) : null}
        </div>
        {contacts.isError && !contacts.data ? (
          <Alert className="m-4">
            {errorMessage(contacts.error, 'Failed to fetch customer data')}
          </Alert>
        ) : contacts.isPending ? (
          <Loading label="Loading contacts..." />
        ) : rows.length === 0 ? (
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
        ) : (
          <>
            <ContactsTable
              rows={rows}
              firstNumber={(page - 1) * PAGE_SIZE + 1}
              label="Leads and customers"
              actions={rowActions}
            />
            {pageCount > 1 ? (
              <nav
                aria-label="Pagination"
                className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600"
              >
                <span>
                  Page {page} of {pageCount} · {total} contacts
                </span>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={page <= 1}
                    onClick={() => setPage((current) => current - 1)}
                  >
                    Previous
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={page >= pageCount}
                    onClick={() => setPage((current) => current + 1)}
                  >
                    Next
                  </Button>
                </div>
              </nav>
            ) : null}
          </>
        )}
      </Card>
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

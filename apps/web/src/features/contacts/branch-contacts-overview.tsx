import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Loading } from '../../ui/spinner';
import { useContacts } from './api/get-contacts';
import { ContactDetailsDialog, type OpenContact } from './contact-details-dialog';
import { ContactsTable } from './contacts-table';

/** Spec 1 §9: the branch page shows the 6 most recently updated or created contacts. */
const OVERVIEW_SIZE = 6;

/** Spec 1 §2.8: the branch page's 'Customers/Leads Overview'. */
export function BranchContactsOverview({ branchId }: { branchId: string }) {
  const contacts = useContacts(
    { type: 'all', status: null, search: '', branch: branchId },
    1,
    OVERVIEW_SIZE,
  );
  const [open, setOpen] = useState<OpenContact | null>(null);
  const rows = (contacts.data?.items ?? []).slice(0, OVERVIEW_SIZE);

  return (
    <>
      <Card
        title="Customers/Leads Overview"
        padded={false}
        actions={
          <Link to="/contacts" className="text-sm font-medium text-blue-600 hover:underline">
            View All
          </Link>
        }
      >
        {contacts.isError && !contacts.data ? (
          <Alert className="m-4">
            {errorMessage(contacts.error, 'Failed to fetch customer data')}
          </Alert>
        ) : contacts.isPending ? (
          <Loading label="Loading contacts..." />
        ) : rows.length === 0 ? (
          <EmptyState title="No customers or leads found for this branch." />
        ) : (
          <ContactsTable
            rows={rows}
            label="Customers/Leads Overview"
            actions={(contact) => (
              <Button
                size="sm"
                icon={<Eye aria-hidden="true" className="size-4" />}
                onClick={() => setOpen({ id: contact._id, type: contact.contactType })}
              >
                View Details
              </Button>
            )}
          />
        )}
      </Card>
      {open ? <ContactDetailsDialog contact={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

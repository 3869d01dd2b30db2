import { formatDate } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import { type ReactNode, useState } from 'react';
import { ExpandableRow } from '../../ui/expandable-row';
import { Table, Td } from '../../ui/table';
import type { Contact } from './api/contact-types';
import { ContactTypeBadge } from './lead-status-badge';

export const CONTACT_COLUMNS = ['S.NO', 'NAME', 'PHONE', 'TYPE', 'DATE ADDED'];

/** Spec 1 §2.10 / §2.8: contact rows; a row click reveals its actions. */
export function ContactsTable({
  rows,
  firstNumber = 1,
  label,
  actions,
}: {
  rows: Contact[];
  firstNumber?: number;
  label: string;
  actions: (contact: Contact) => ReactNode;
}) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <Table columns={[...CONTACT_COLUMNS, '']} label={label}>
      {rows.map((contact, index) => {
        const key = `${contact.contactType}-${contact._id}`;
        return (
          <ExpandableRow
            key={key}
            expanded={expanded === key}
            onToggle={() => setExpanded((current) => (current === key ? null : key))}
            toggleLabel={`Show actions for ${contact.name}`}
            columnCount={CONTACT_COLUMNS.length}
            cells={
              <>
                <Td>{firstNumber + index}</Td>
                <Td>
                  <div className="font-medium text-slate-900">{contact.name}</div>
                  {contact.email ? (
                    <div className="text-xs text-slate-500">{contact.email}</div>
                  ) : null}
                </Td>
                <Td>{formatPhone(contact.phoneNumber)}</Td>
                <Td>
                  <ContactTypeBadge type={contact.contactType} />
                </Td>
                <Td>{formatDate(contact.createdAt)}</Td>
              </>
            }
            actions={actions(contact)}
          />
        );
      })}
    </Table>
  );
}

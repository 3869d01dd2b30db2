import type { ImportKind } from '@karya/domain/import-schemas';

/**
 * What the screen says of each kind beyond the server's offer (GET /import-kinds: which kinds
 * are built, allowed to this user, per branch): what a row is, how a repeat is found, and where
 * the rows are seen afterwards.
 */
export interface KindInfo {
  label: string;
  /** One line under the label: what a row of the file is. */
  hint: string;
  /** Where the imported rows are found afterwards, with that screen's name. */
  landsAt: { label: string; to: string };
  /** How a row is known to be one already there. */
  matchedBy: string;
}

export const KIND_INFO: Record<ImportKind, KindInfo> = {
  customers: {
    label: 'Customers',
    hint: 'Name, phone, address, GSTIN — one customer a row.',
    landsAt: { label: 'Customers', to: '/contacts' },
    matchedBy: 'phone number',
  },
  leads: {
    label: 'Leads',
    hint: 'People who asked but have not bought yet.',
    landsAt: { label: 'Customers', to: '/contacts' },
    matchedBy: 'phone number',
  },
  items: {
    label: 'Catalogue items',
    hint: 'Type, unit, prices, warranty, HSN/SAC and GST rate.',
    landsAt: { label: 'Inventory', to: '/inventory-items' },
    matchedBy: 'item ID or name',
  },
  'opening-stock': {
    label: 'Opening stock',
    hint: 'What the godown holds today: quantities, or one row a serial number.',
    landsAt: { label: 'Inventory', to: '/inventory' },
    matchedBy: 'serial number or item',
  },
  technicians: {
    label: 'Technicians',
    hint: 'Your field team, each with a login of their own.',
    landsAt: { label: 'Technicians', to: '/users/technicians' },
    matchedBy: 'username or email',
  },
  'amc-contracts': {
    label: 'AMC contracts',
    hint: 'Running contracts: customer by phone, start, term, visits, price.',
    landsAt: { label: 'Maintenance Contracts', to: '/maintenance-contracts' },
    matchedBy: 'customer phone and start date',
  },
  'opening-dues': {
    label: 'Opening dues',
    hint: 'Invoices of your old system still unpaid: number, date, customer, amount, received.',
    landsAt: { label: 'Outstanding Dues', to: '/outstanding-dues' },
    matchedBy: 'invoice number',
  },
};

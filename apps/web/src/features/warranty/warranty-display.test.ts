import { formatDate } from '@karya/domain/format';
import type { WarrantyStatus } from '@karya/domain/warranty-schemas';
import { describe, expect, it } from 'vitest';
import {
  chainText,
  issueActionFor,
  locationLabel,
  recordActionsFor,
  warrantyVerdict,
} from './warranty-display';

const status = (over: Partial<WarrantyStatus> = {}): WarrantyStatus => ({
  serialNumber: 'SN-1',
  productName: 'Dome Camera',
  itemId: 'ITEM-1',
  _id: 'item-uuid',
  price: 2500,
  installationDate: '2026-01-10T10:00:00.000Z',
  warranty: '1 year',
  technicianName: 'Tarun K',
  customerName: 'Asha Rao',
  customerPhone: '9876543210',
  workOrderId: 'WO-1',
  branchName: 'Pune',
  location: 'customer',
  underWarranty: true,
  expiryDate: '2027-01-10T10:00:00.000Z',
  daysLeft: 48,
  warrantyDays: 365,
  replacementId: null,
  replacementStatus: null,
  ...over,
});

describe('warrantyVerdict', () => {
  it('under warranty: green, with the expiry date and the days left', () => {
    expect(warrantyVerdict(status())).toEqual({
      tone: 'valid',
      label: 'Under Warranty',
      detail: `Valid until ${formatDate('2027-01-10T10:00:00.000Z')} · 48 days left`,
    });
    expect(warrantyVerdict(status({ daysLeft: 1 })).detail).toMatch(/· 1 day left$/);
  });

  it('expired: red, with the date it ended', () => {
    expect(
      warrantyVerdict(
        status({ underWarranty: false, daysLeft: 0, expiryDate: '2025-03-01T10:00:00.000Z' }),
      ),
    ).toEqual({
      tone: 'expired',
      label: 'Warranty Expired',
      detail: `Expired on ${formatDate('2025-03-01T10:00:00.000Z')}`,
    });
  });

  it("'No Warranty' in any spelling, and text without a period, is none", () => {
    for (const warranty of ['No Warranty', 'no warranty', '12', '']) {
      expect(
        warrantyVerdict(status({ warranty, underWarranty: false, expiryDate: null })).label,
      ).toBe('No Warranty');
    }
  });

  it('a faulty unit taken back says so rather than "not installed"', () => {
    expect(
      warrantyVerdict(status({ location: 'faulty', installationDate: null, underWarranty: false })),
    ).toMatchObject({ tone: 'not-installed', label: 'Replaced under warranty' });
  });

  it('a unit never installed has no running warranty yet', () => {
    expect(
      warrantyVerdict(status({ installationDate: null, underWarranty: false, expiryDate: null })),
    ).toMatchObject({ tone: 'not-installed', label: 'Not Installed' });
  });
});

describe('issueActionFor', () => {
  it('a manager registers a first issue on a unit at the customer under warranty', () => {
    expect(issueActionFor(status(), 'manager')).toEqual({ kind: 'register' });
  });

  it('admins and technicians only read', () => {
    expect(issueActionFor(status(), 'admin')).toBeNull();
    expect(issueActionFor(status(), 'technician')).toBeNull();
  });

  it('nothing to register for an expired unit or one not at a customer', () => {
    expect(issueActionFor(status({ underWarranty: false }), 'manager')).toBeNull();
    expect(issueActionFor(status({ location: 'branch' }), 'manager')).toBeNull();
    expect(issueActionFor(status({ location: 'faulty' }), 'manager')).toBeNull();
  });

  it('a replaced unit still under warranty takes a new issue on its record', () => {
    expect(
      issueActionFor(status({ replacementId: 'r1', replacementStatus: 'replaced' }), 'manager'),
    ).toEqual({ kind: 'claim', replacementId: 'r1' });
  });

  it('an open claim is shown, to anyone, instead of a second registration', () => {
    for (const replacementStatus of ['pending', 'approved'] as const) {
      expect(issueActionFor(status({ replacementId: 'r1', replacementStatus }), 'admin')).toEqual({
        kind: 'open-claim',
        replacementId: 'r1',
      });
    }
  });
});

describe('recordActionsFor', () => {
  it('pending: approve or complete; approved: complete; replaced: a new issue while covered', () => {
    expect(recordActionsFor({ status: 'pending' }, 'manager', true)).toEqual({
      approve: true,
      complete: true,
      newIssue: false,
    });
    expect(recordActionsFor({ status: 'approved' }, 'manager', true)).toEqual({
      approve: false,
      complete: true,
      newIssue: false,
    });
    expect(recordActionsFor({ status: 'replaced' }, 'manager', true).newIssue).toBe(true);
    expect(recordActionsFor({ status: 'replaced' }, 'manager', false).newIssue).toBe(false);
    expect(recordActionsFor({ status: 'replaced' }, 'manager', null).newIssue).toBe(false);
  });

  it('an admin reads every record without acting on it', () => {
    expect(recordActionsFor({ status: 'pending' }, 'admin', true)).toEqual({
      approve: false,
      complete: false,
      newIssue: false,
    });
  });
});

describe('labels', () => {
  it('the chain reads oldest first, and a record before its first swap is its serial', () => {
    expect(chainText({ serialNumber: 'A', chain: ['A', 'B', 'C'] })).toBe('A → B → C');
    expect(chainText({ serialNumber: 'A', chain: [] })).toBe('A');
  });

  it('the faulty shelf is named as the inventory shows it', () => {
    expect(locationLabel('faulty')).toBe('Faulty (warranty return)');
    expect(locationLabel('customer')).toBe('At customer');
  });
});

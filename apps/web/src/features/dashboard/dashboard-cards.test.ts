import { describe, expect, it } from 'vitest';
import {
  adminCards,
  complaintCards,
  lowStockCards,
  maintenanceCards,
  managerCards,
} from './dashboard-cards';

const admin = {
  totalBranches: 3,
  totalTechnicians: 7,
  inventoryItems: 12,
  totalCustomers: 40,
  workOrders: 5,
  assignedProjects: 6,
  pendingApprovals: 2,
  completedProjects: 9,
};

describe('adminCards', () => {
  it('lists the eight cards in the spec order with their counts and destinations', () => {
    expect(adminCards(admin, null)).toEqual([
      { label: 'Total Branches', value: 3, to: '/branches' },
      { label: 'Total Technicians', value: 7, to: '/users/technicians' },
      { label: 'Inventory Items', value: 12, to: '/inventory-items' },
      { label: 'Total Customers', value: 40, to: '/contacts' },
      { label: 'Work Orders', value: 5, to: '/work-orders' },
      { label: 'Assigned Projects', value: 6, to: '/manager-dashboard' },
      { label: 'Pending Approvals', value: 2, to: '/manager-dashboard' },
      { label: 'Completed Projects', value: 9, to: '/manager-dashboard' },
    ]);
  });

  it('keeps the branch filter on the screens that accept it', () => {
    const byLabel = Object.fromEntries(adminCards(admin, 'b-1').map((card) => [card.label, card]));
    expect(byLabel['Total Branches']?.to).toBe('/branches');
    expect(byLabel['Total Technicians']?.to).toBe('/users/technicians?branch=b-1');
    expect(byLabel['Inventory Items']?.to).toBe('/inventory?branch=b-1');
    expect(byLabel['Total Customers']?.to).toBe('/contacts?branch=b-1');
    expect(byLabel['Work Orders']?.to).toBe('/work-orders?branch=b-1');
    expect(byLabel['Completed Projects']?.to).toBe('/manager-dashboard?branch=b-1');
  });
});

describe('managerCards', () => {
  it('lists the manager cards in the spec order, none of them links', () => {
    const cards = managerCards({
      activeLeads: 4,
      customers: 8,
      technicians: 2,
      inventoryItems: 30,
      pendingWorkOrders: 1,
      assignedProjects: 3,
      pendingApprovals: 0,
      completedProjects: 5,
    });
    expect(cards.map((card) => [card.label, card.value])).toEqual([
      ['Active Leads', 4],
      ['Customers', 8],
      ['Technicians', 2],
      ['Inventory Items', 30],
      ['Pending Work Orders', 1],
      ['Assigned Projects', 3],
      ['Pending Approvals', 0],
      ['Completed Projects', 5],
    ]);
    expect(cards.every((card) => card.to === undefined)).toBe(true);
  });
});

describe('maintenanceCards', () => {
  it('counts overdue visits and renewals due and dates the next visit, each leading to its list', () => {
    expect(
      maintenanceCards({ overdueVisits: 2, renewalsDue: 1, nextVisitDue: '2026-12-01' }, null),
    ).toEqual([
      { label: 'Overdue', value: 2, to: '/maintenance-contracts?view=overdue' },
      { label: 'Renewals due', value: 1, to: '/maintenance-contracts?view=renewals' },
      { label: 'Next AMC visit', value: '01 Dec 2026', to: '/maintenance-contracts' },
    ]);
  });

  it('keeps the admin’s branch and says when no visit is scheduled', () => {
    const cards = maintenanceCards({ overdueVisits: 0, renewalsDue: 0, nextVisitDue: null }, 'b-1');
    expect(cards.map((card) => [card.value, card.to])).toEqual([
      [0, '/maintenance-contracts?view=overdue&branch=b-1'],
      [0, '/maintenance-contracts?view=renewals&branch=b-1'],
      ['None scheduled', '/maintenance-contracts?branch=b-1'],
    ]);
  });
});

describe('complaintCards', () => {
  it('counts at risk and breached, leading to the pending complaints and the month report', () => {
    expect(complaintCards({ atRisk: 2, breachedThisMonth: 5 }, null, '2026-11')).toEqual([
      { label: 'Complaints at risk', value: 2, to: '/work-orders?category=complaints' },
      { label: 'Breached this month', value: 5, to: '/complaints-report?month=2026-11' },
    ]);
  });

  it("keeps the admin's branch filter", () => {
    expect(complaintCards({ atRisk: 0, breachedThisMonth: 0 }, 'b-1', '2026-11')).toEqual([
      { label: 'Complaints at risk', value: 0, to: '/work-orders?category=complaints&branch=b-1' },
      { label: 'Breached this month', value: 0, to: '/complaints-report?month=2026-11&branch=b-1' },
    ]);
  });
});

describe('lowStockCards', () => {
  it("counts the items below their level and leads to the stock report, the admin's branch kept", () => {
    expect(lowStockCards({ count: 3 }, null)).toEqual([
      { label: 'Low stock', value: 3, to: '/reports/stock' },
    ]);
    expect(lowStockCards({ count: 0 }, 'b 1')).toEqual([
      { label: 'Low stock', value: 0, to: '/reports/stock?branch=b%201' },
    ]);
  });
});

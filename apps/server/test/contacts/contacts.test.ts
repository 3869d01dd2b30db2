import { formatOrderId } from '@karya/domain/contact-schemas';
import { createBranchTeam, createCustomer, createLead, createUser } from '@karya/test-factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, leads, workOrders } from '../../src/db/schema';
import { searchCondition } from '../../src/modules/contacts/contacts.queries';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA: Client;
let branchA: { id: string; name: string };
let branchB: { id: string; name: string };
let techAId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, { branch: { name: 'Kothrud' } });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' }, technicians: [] });
  branchA = kothrud.branch;
  managerA = kothrud.manager.api;
  branchB = baner.branch;
  managerB = baner.manager.api;
  [{ id: techAId, api: techA }] = kothrud.technicians;
});
afterAll(() => t.close());

let phoneSeq = 0;
/** A distinct 10-digit Indian mobile number per call. */
const nextPhone = () => {
  phoneSeq += 1;
  return `98${String(10_000_000 + phoneSeq * 7919).slice(-8)}`;
};
const lead = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ravi Kulkarni',
  phoneNumber: `+91${nextPhone()}`,
  email: 'ravi@example.com',
  whatsappNumber: '',
  address: 'FC Road',
  age: 34,
  initialRemark: { text: 'Wants 4 cameras', status: 'positive' },
  ...overrides,
});
const customer = (overrides: Record<string, unknown> = {}) => ({
  name: 'Meera Joshi',
  phoneNumber: `+91${nextPhone()}`,
  email: 'meera@example.com',
  whatsappNumber: '',
  address: 'Baner Road',
  age: 41,
  projectType: 'CCTV Camera',
  initialRemark: 'Install 8 cameras',
  ...overrides,
});
const messageOf = (response: { json(): { message: string } }) => response.json().message;

const newLead = (as: Client = managerA, overrides: Record<string, unknown> = {}) =>
  createLead(as, lead(overrides));
const newCustomer = (as: Client = managerA, overrides: Record<string, unknown> = {}) =>
  createCustomer(as, customer(overrides));

describe('leads', () => {
  it('creates a lead in the manager’s branch; the initial remark sets its status', async () => {
    const response = await managerA.post(
      '/api/create-Lead',
      lead({ phoneNumber: '+91 98765 11111', branch: branchB.id }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Lead/Customer added successfully!',
      data: {
        contactType: 'lead',
        name: 'Ravi Kulkarni',
        phoneNumber: '+91 98765 11111',
        normalizedPhone: '+919876511111',
        status: 'positive',
        branch: { _id: branchA.id, name: 'Kothrud' },
        remarks: [{ text: 'Wants 4 cameras', status: 'positive' }],
      },
    });
    expect(response.json().data.remarks[0].createdBy).toMatchObject({ firstName: 'Manager' });
  });

  it('defaults to neutral without an initial remark', async () => {
    const created = await newLead(managerA, { initialRemark: { text: '   ' } });
    const one = await managerA.get(`/api/get-single-lead/${created._id}`);
    expect(one.json().data).toMatchObject({ status: 'neutral', remarks: [] });
  });

  it('lists, reads and updates leads', async () => {
    const created = await newLead(managerA, { name: 'Sunil Listed' });
    const list = await managerA.get('/api/get-all-leads?search=sunil&page=1&pageSize=10');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((l: { _id: string }) => l._id)).toEqual([created._id]);
    expect(list.headers['x-total-count']).toBe('1');

    const updated = await managerA.post('/api/update-lead', {
      leadId: created._id,
      ...lead({ name: 'Sunil Updated', phoneNumber: created.phoneNumber }),
      status: 'negative',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Lead updated successfully',
      data: { name: 'Sunil Updated', status: 'negative' },
    });
    const one = await managerA.get(`/api/get-single-lead/${created._id}`);
    expect(one.json().data.name).toBe('Sunil Updated');
  });

  it('pages a list with limit and offset, most recently updated first', async () => {
    const page1 = await managerA.get('/api/get-all-leads?limit=2&offset=0');
    const page2 = await managerA.get('/api/get-all-leads?limit=2&offset=2');
    expect(page1.json().data).toHaveLength(2);
    const ids = [...page1.json().data, ...page2.json().data].map((l: { _id: string }) => l._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Number(page1.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const tooMany = await managerA.get('/api/get-all-leads?pageSize=1000');
    expect(tooMany.statusCode).toBe(400);
  });

  it('adds remarks newest first; the lead’s status follows the latest remark', async () => {
    const created = await newLead();
    await managerA.post(`/api/lead-remarks/${created._id}`, { text: 'Called', status: 'neutral' });
    const response = await managerA.post(`/api/lead-remarks/${created._id}`, {
      text: 'Not interested now',
      status: 'negative',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Remark added successfully!',
      data: {
        status: 'negative',
        remarks: [
          { text: 'Not interested now', status: 'negative' },
          { text: 'Called', status: 'neutral' },
          { text: 'Wants 4 cameras', status: 'positive' },
        ],
      },
    });
    const filtered = await managerA.get('/api/get-all-leads?status=negative');
    expect(filtered.json().data.map((l: { _id: string }) => l._id)).toContain(created._id);
  });
});

describe('validation (spec 1 §5)', () => {
  it.each([
    [
      'a phone under 8 digits',
      { phoneNumber: '+91 1234567' },
      'Phone number must be at least 8 digits',
    ],
    ['no phone', { phoneNumber: undefined }, 'Phone number must be at least 8 digits'],
    ['no name', { name: '  ' }, 'Name is required'],
    ['age 0', { age: 0 }, 'Age must be at least 1'],
  ])('refuses a lead with %s', async (_label, overrides, message) => {
    const response = await managerA.post('/api/create-Lead', lead(overrides));
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(message);
  });

  it('refuses a customer without a project type', async () => {
    const response = await managerA.post('/api/create-customer', customer({ projectType: '' }));
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Please select a project type');
  });

  it('refuses a customer with a short phone', async () => {
    const response = await managerA.post('/api/create-customer', customer({ phoneNumber: '1234' }));
    expect(messageOf(response)).toBe('Phone number must be at least 8 digits');
  });

  it('refuses a remark that is blank after trimming', async () => {
    const created = await newLead();
    const response = await managerA.post(`/api/lead-remarks/${created._id}`, {
      text: '   ',
      status: 'positive',
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Please enter a remark');
  });

  it('refuses converting without a project type', async () => {
    const created = await newLead();
    const response = await managerA.post(`/api/lead-convert/${created._id}`, {});
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Please select a project type');
  });

  it('edit customer: name and email required, email checked, age from 0', async () => {
    const created = await newCustomer();
    const base = { name: 'Meera', email: 'meera@example.com', age: 0 };
    expect((await managerA.post(`/api/update-customer/${created._id}`, base)).statusCode).toBe(200);
    const noEmail = await managerA.post(`/api/update-customer/${created._id}`, {
      ...base,
      email: '',
    });
    expect(messageOf(noEmail)).toBe('Please fill in all required fields');
    const badEmail = await managerA.post(`/api/update-customer/${created._id}`, {
      ...base,
      email: 'meera@',
    });
    expect(messageOf(badEmail)).toBe('Please enter a valid email address');
    const negative = await managerA.post(`/api/update-customer/${created._id}`, {
      ...base,
      age: -1,
    });
    expect(messageOf(negative)).toBe('Age cannot be negative');
  });

  it('create work order: a project type; a complaint: a project and details', async () => {
    const created = await newCustomer();
    const noType = await managerA.post('/api/create-work-orders', { customerId: created._id });
    expect(messageOf(noType)).toBe('Please select a project type');
    const noProject = await managerA.post('/api/create-work-orders', {
      customerId: created._id,
      projectCategory: 'Repair',
      initialRemark: 'Camera 2 is dark',
    });
    expect(messageOf(noProject)).toBe('Please select a project');
    const noDetails = await managerA.post('/api/create-work-orders', {
      customerId: created._id,
      projectCategory: 'Repair',
      existingProjectId: created.projects[0]?._id,
      initialRemark: '  ',
    });
    expect(messageOf(noDetails)).toBe('Please enter complaint details');
  });
});

describe('customers and conversion', () => {
  it('creates a customer with its first pending work order and lists it', async () => {
    const response = await managerA.post('/api/create-customer', customer({ name: 'Direct One' }));
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(response.json().message).toBe('Lead/Customer added successfully!');
    expect(data).toMatchObject({
      contactType: 'customer',
      name: 'Direct One',
      status: 'active',
      convertedFromLead: false,
      leadId: null,
      branch: { _id: branchA.id },
      projects: [{ projectType: 'CCTV Camera', status: 'pending' }],
      workOrders: [
        {
          projectType: 'CCTV Camera',
          projectCategory: 'New Installation',
          status: 'pending',
          initialRemark: 'Install 8 cameras',
          technician: null,
        },
      ],
    });
    expect(data.workOrders[0].orderId).toMatch(/^WO-\d{4}-\d{6}$/);
    expect(data.workOrders[0].projectId).toMatch(/^PRJ-\d{4}-\d{6}$/);

    const list = await managerA.get('/api/get-all-customers?search=direct');
    expect(list.json().data.map((c: { _id: string }) => c._id)).toEqual([data._id]);
    const one = await managerA.get(`/api/get-single-customer/${data._id}`);
    expect(one.json().data.workOrders).toHaveLength(1);

    const updated = await managerA.post(`/api/update-customer/${data._id}`, {
      name: 'Direct Two',
      email: 'two@example.com',
      phoneNumber: data.phoneNumber,
      whatsappNumber: '9999999999',
      address: 'Aundh',
      age: 50,
      status: 'inactive',
    });
    expect(updated.json()).toMatchObject({
      message: 'Customer updated successfully',
      data: { name: 'Direct Two', status: 'inactive', age: 50, address: 'Aundh' },
    });
  });

  it('converts a lead: customer with Lead History, a pending work order, lead gone from the list', async () => {
    const created = await newLead(managerA, { name: 'Convert Me' });
    await managerA.post(`/api/lead-remarks/${created._id}`, { text: 'Ready', status: 'positive' });
    const response = await managerA.post(`/api/lead-convert/${created._id}`, {
      projectType: 'Attendance System',
      initialRemark: 'Two devices',
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      contactType: 'customer',
      name: 'Convert Me',
      phoneNumber: created.phoneNumber,
      convertedFromLead: true,
      leadId: {
        _id: created._id,
        remarks: [{ text: 'Ready' }, { text: 'Wants 4 cameras' }],
      },
      workOrders: [
        { projectType: 'Attendance System', status: 'pending', initialRemark: 'Two devices' },
      ],
    });
    const list = await managerA.get('/api/get-all-leads?pageSize=200');
    expect(list.json().data.map((l: { _id: string }) => l._id)).not.toContain(created._id);

    const again = await managerA.post(`/api/lead-convert/${created._id}`, {
      projectType: 'CCTV Camera',
    });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('This lead has already been converted to a customer');
    const rows = await t.db.select().from(customers).where(eq(customers.leadId, created._id));
    expect(rows).toHaveLength(1);
  });

  it('lets only one of two simultaneous conversions of a lead through', async () => {
    const created = await newLead(managerA, { name: 'Raced Lead' });
    const answers = await Promise.all([
      managerA.post(`/api/lead-convert/${created._id}`, { projectType: 'CCTV Camera' }),
      managerA.post(`/api/lead-convert/${created._id}`, { projectType: 'CCTV Camera' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(
      await t.db.select().from(customers).where(eq(customers.leadId, created._id)),
    ).toHaveLength(1);
  });

  it('converts atomically: a failing work-order insert leaves no customer and the lead open', async () => {
    const created = await newLead(managerA, { name: 'Atomic Lead' });
    const anyCustomer = await newCustomer();
    // Take the order id the conversion will draw next, so its work-order insert collides.
    const seq = await t.db.execute(sql`select last_value, is_called from work_order_number_seq`);
    const state = (seq as unknown as { rows: Array<{ last_value: string; is_called: boolean }> })
      .rows[0];
    const next = Number(state?.last_value) + (state?.is_called ? 1 : 0);
    const [blocker] = await t.db
      .insert(workOrders)
      .values({
        orderId: formatOrderId(new Date().getUTCFullYear(), next),
        projectId: 'PRJ-BLOCKER',
        projectType: 'Custom',
        customerId: anyCustomer._id,
        branchId: branchA.id,
      })
      .returning();

    const response = await managerA.post(`/api/lead-convert/${created._id}`, {
      projectType: 'CCTV Camera',
    });
    expect(response.statusCode).toBe(500);
    expect(await t.db.select().from(customers).where(eq(customers.leadId, created._id))).toEqual(
      [],
    );
    const [after] = await t.db.select().from(leads).where(eq(leads.id, created._id));
    expect(after?.convertedAt).toBeNull();
    const orders = await t.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.projectType, 'CCTV Camera'));
    expect(orders.every((o) => o.customerId !== undefined)).toBe(true);
    const lead = await managerA.get(`/api/get-single-lead/${created._id}`);
    expect(lead.json().data.converted).toBe(false);

    // With the blocker gone the same conversion succeeds.
    if (blocker) await t.db.delete(workOrders).where(eq(workOrders.id, blocker.id));
    const retry = await managerA.post(`/api/lead-convert/${created._id}`, {
      projectType: 'CCTV Camera',
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.workOrders).toHaveLength(1);
  });

  it('refuses a lead whose phone belongs to a customer, however it is typed', async () => {
    const existing = await newCustomer(managerA, { phoneNumber: '+91 91234 56780' });
    for (const phoneNumber of ['9123456780', '+919123456780', '091234 56780']) {
      const response = await managerA.post('/api/create-Lead', lead({ phoneNumber }));
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe('This phone number belongs to an existing customer');
    }
    // The number belongs to a customer in any branch.
    const other = await managerB.post('/api/create-Lead', lead({ phoneNumber: '9123456780' }));
    expect(messageOf(other)).toBe('This phone number belongs to an existing customer');
    expect(existing._id).toBeTruthy();
  });
});

describe('work orders and complaints', () => {
  it('creates a new installation with a human-readable order and project id', async () => {
    const created = await newCustomer();
    const response = await managerA.post('/api/create-work-orders', {
      customerId: created._id,
      projectType: 'Safe and Locks',
      initialRemark: 'Two safes',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Work order created successfully',
      data: {
        customerId: created._id,
        projectType: 'Safe and Locks',
        projectCategory: 'New Installation',
        status: 'pending',
        existingProjectId: null,
        statusHistory: [{ status: 'pending', remark: 'Two safes' }],
      },
    });
  });

  it('files a complaint only against a completed project, keeping its id and technician', async () => {
    const created = await newCustomer();
    const project = created.projects[0];
    if (!project) throw new Error('no project');
    const early = await managerA.post('/api/create-work-orders', {
      customerId: created._id,
      projectCategory: 'Repair',
      existingProjectId: project._id,
      initialRemark: 'Camera 2 is dark',
    });
    expect(early.statusCode).toBe(400);
    expect(messageOf(early)).toBe('No completed projects found for this customer');

    await t.db
      .update(workOrders)
      .set({ status: 'completed', technicianId: techAId, completedAt: new Date() })
      .where(eq(workOrders.id, project._id));

    const unknown = await managerA.post('/api/create-work-orders', {
      customerId: created._id,
      projectCategory: 'Repair',
      existingProjectId: '00000000-0000-4000-8000-000000000000',
      initialRemark: 'Camera 2 is dark',
    });
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Selected project not found');

    const response = await managerA.post('/api/create-work-orders', {
      customerId: created._id,
      projectCategory: 'Repair',
      existingProjectId: project._id,
      initialRemark: 'Camera 2 is dark',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Complaint created successfully',
      data: {
        projectCategory: 'Repair',
        projectType: 'CCTV Camera',
        projectId: project.projectId,
        existingProjectId: project._id,
        status: 'pending',
        technician: null,
        originalTechnician: { _id: techAId },
      },
    });
    // By its human-readable project id as well.
    const byProjectId = await managerA.post('/api/create-work-orders', {
      customerId: created._id,
      projectCategory: 'Repair',
      existingProjectId: project.projectId,
      initialRemark: 'Again',
    });
    expect(byProjectId.statusCode).toBe(200);
    const one = await managerA.get(`/api/get-single-customer/${created._id}`);
    expect(one.json().data.workOrders).toHaveLength(3);
    expect(one.json().data.projects).toHaveLength(1);
  });

  it('gives 50 parallel work orders 50 distinct order ids', async () => {
    const created = await newCustomer();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        managerA.post('/api/create-work-orders', {
          customerId: created._id,
          projectType: 'Custom',
          initialRemark: `Parallel ${i}`,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const orderIds = responses.map((r) => r.json().data.orderId);
    const projectIds = responses.map((r) => r.json().data.projectId);
    expect(new Set(orderIds).size).toBe(50);
    expect(new Set(projectIds).size).toBe(50);
  });
});

describe('search', () => {
  it('finds a lead by its phone typed any way, and by an 8-digit fragment', async () => {
    const created = await newLead(managerA, {
      name: 'Phone Search',
      phoneNumber: '+91 87654 32109',
    });
    for (const query of [
      '8765432109',
      '+918765432109',
      '+91 87654 32109',
      '918765432109',
      '087654 32109',
      '87654321',
      '65432109',
    ]) {
      const response = await managerA.get(`/api/search?query=${encodeURIComponent(query)}`);
      expect(response.statusCode).toBe(200);
      expect(
        response.json().data.leads.map((l: { _id: string }) => l._id),
        `query ${query}`,
      ).toContain(created._id);
    }
    const byName = await managerA.get('/api/search?query=phone%20sea');
    expect(byName.json().data.leads.map((l: { _id: string }) => l._id)).toContain(created._id);
    const none = await managerA.get('/api/search?query=7000000001');
    expect(none.json().data).toEqual({ leads: [], customers: [] });
  });

  it('finds customers too, and only in the caller’s branch', async () => {
    const created = await newCustomer(managerA, { phoneNumber: '7766554433' });
    const mine = await managerA.get('/api/search?query=%2B917766554433');
    expect(mine.json().data.customers.map((c: { _id: string }) => c._id)).toEqual([created._id]);
    const theirs = await managerB.get('/api/search?query=7766554433');
    expect(theirs.json().data.customers).toEqual([]);
    const all = await admin.get('/api/search?query=7766554433');
    expect(all.json().data.customers).toHaveLength(1);
  });

  it('answers phone, name and email search from btree indexes, never a table scan', async () => {
    const plans = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const lines: string[] = [];
      for (const [table, query] of [
        [leads, '+91 87654 32109'],
        [leads, '87654321'],
        [customers, 'meera'],
      ] as const) {
        // The very condition the lists and /search use, with bound parameters.
        const select = tx.select({ id: table.id }).from(table).where(searchCondition(table, query));
        const result = await tx.execute(sql`explain ${select}`);
        const rows = (result as unknown as { rows: Array<Record<string, string>> }).rows;
        lines.push(rows.map((row) => Object.values(row).join(' ')).join('\n'));
      }
      return lines;
    });
    expect(plans[0]).toMatch(/leads_phone_national_idx/);
    expect(plans[0]).toMatch(/leads_phone_national_rev_idx/);
    expect(plans[1]).toMatch(/leads_name_idx/);
    expect(plans[2]).toMatch(/customers_name_idx/);
    expect(plans[2]).toMatch(/customers_email_idx/);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('branch scope and roles', () => {
  it('keeps manager B out of branch A’s contacts, by id too', async () => {
    const aLead = await newLead();
    const aCustomer = await newCustomer();
    const calls = [
      managerB.get(`/api/get-single-lead/${aLead._id}`),
      managerB.post('/api/update-lead', { leadId: aLead._id, ...lead() }),
      managerB.post(`/api/lead-remarks/${aLead._id}`, { text: 'Hi', status: 'neutral' }),
      managerB.post(`/api/lead-convert/${aLead._id}`, { projectType: 'CCTV Camera' }),
      managerB.get(`/api/get-single-customer/${aCustomer._id}`),
      managerB.post(`/api/update-customer/${aCustomer._id}`, {
        name: 'X',
        email: 'x@example.com',
      }),
      managerB.post('/api/create-work-orders', {
        customerId: aCustomer._id,
        projectType: 'Custom',
        initialRemark: 'x',
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
    }
    const leadsB = await managerB.get(`/api/get-all-leads?branch=${branchA.id}`);
    expect(leadsB.json().data.map((l: { _id: string }) => l._id)).not.toContain(aLead._id);
    const customersB = await managerB.get(`/api/get-all-customers?branch=${branchA.id}`);
    expect(customersB.json().data.map((c: { _id: string }) => c._id)).not.toContain(aCustomer._id);
    const [unchanged] = await t.db.select().from(leads).where(eq(leads.id, aLead._id));
    expect(unchanged?.convertedAt).toBeNull();
  });

  it('gives a technician no contact book, only the customers of their own orders (decision 013)', async () => {
    const aLead = await newLead();
    for (const url of [
      '/api/get-all-leads',
      `/api/get-single-lead/${aLead._id}`,
      '/api/get-all-customers',
      '/api/get-contacts',
      `/api/search?query=${encodeURIComponent('Asha')}`,
    ]) {
      expect((await techA.get(url)).statusCode, url).toBe(403);
    }
    expect((await techA.post('/api/create-Lead', lead())).statusCode).toBe(403);
    expect(
      (await techA.post(`/api/lead-remarks/${aLead._id}`, { text: 'x', status: 'neutral' }))
        .statusCode,
    ).toBe(403);

    // A customer with two orders: one assigned to this technician, one not (yet).
    const mine = await newCustomer();
    const first = mine.workOrders[0];
    if (!first) throw new Error('no order');
    const second = await managerA.post('/api/create-work-orders', {
      customerId: mine._id,
      projectType: 'Attendance System',
      initialRemark: 'Biometric',
    });
    expect(second.statusCode, second.body).toBe(200);
    const stranger = await newCustomer();
    // Before any assignment the customer is not theirs.
    expect((await techA.get(`/api/get-single-customer/${mine._id}`)).statusCode).toBe(404);
    const assigned = await managerA.post('/api/assign-technician', {
      customerId: mine._id,
      orderId: first.orderId,
      technicianId: techAId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const details = await techA.get(`/api/get-single-customer/${mine._id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.workOrders.map((o: { orderId: string }) => o.orderId)).toEqual([
      first.orderId,
    ]);
    expect((await techA.get(`/api/get-single-customer/${stranger._id}`)).statusCode).toBe(404);
    // The desk still sees both orders.
    const desk = await managerA.get(`/api/get-single-customer/${mine._id}`);
    expect(desk.json().data.workOrders).toHaveLength(2);
  });

  it('refuses a manager still waiting for ownership', async () => {
    // The branch has its manager: a second one waits for ownership.
    const waiting = await createUser(admin, 'manager', branchA.id);
    const pending = await admin.signIn(waiting.username, waiting.password);
    expect((await pending.get('/api/get-all-leads')).statusCode).toBe(403);
    expect((await pending.post('/api/create-Lead', lead())).statusCode).toBe(403);
  });

  it('shows an admin every branch, or one with ?branch=', async () => {
    const aLead = await newLead(managerA, { name: 'Admin Sees A' });
    const bLead = await newLead(managerB, { name: 'Admin Sees B' });
    const all = (await admin.get('/api/get-all-leads?pageSize=200'))
      .json()
      .data.map((l: { _id: string }) => l._id);
    expect(all).toEqual(expect.arrayContaining([aLead._id, bLead._id]));
    const onlyB = (await admin.get(`/api/get-all-leads?branch=${branchB.id}&pageSize=200`))
      .json()
      .data.map((l: { _id: string }) => l._id);
    expect(onlyB).toContain(bLead._id);
    expect(onlyB).not.toContain(aLead._id);
    expect((await admin.get(`/api/get-single-lead/${aLead._id}`)).statusCode).toBe(200);
  });

  it('refuses an admin the actions the spec hides from admins', async () => {
    const aLead = await newLead();
    const aCustomer = await newCustomer();
    const calls = [
      admin.post('/api/create-Lead', lead({ branch: branchA.id })),
      admin.post('/api/update-lead', { leadId: aLead._id, ...lead() }),
      admin.post(`/api/lead-remarks/${aLead._id}`, { text: 'x', status: 'neutral' }),
      admin.post(`/api/lead-convert/${aLead._id}`, { projectType: 'CCTV Camera' }),
      admin.post('/api/create-customer', customer({ branch: branchA.id })),
      admin.post(`/api/update-customer/${aCustomer._id}`, { name: 'X', email: 'x@example.com' }),
      admin.post('/api/create-work-orders', {
        customerId: aCustomer._id,
        projectType: 'Custom',
        initialRemark: 'x',
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('combined contacts list and branch figures', () => {
  it('lists leads and customers with a contact type and a total', async () => {
    const {
      branch: branchC,
      manager: { api: managerC },
    } = await createBranchTeam(admin, { branch: { name: 'Hadapsar' }, technicians: [] });
    const l1 = await newLead(managerC, { initialRemark: { text: 'x', status: 'negative' } });
    const l2 = await newLead(managerC, { initialRemark: { text: 'y', status: 'positive' } });
    const c1 = await newCustomer(managerC);

    // One paged-list answer (decision 024): the page in data, the total in X-Total-Count.
    const all = await managerC.get('/api/get-contacts?type=all&page=1&pageSize=2');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json().data).toHaveLength(2);
    expect(all.json().data[0]).toMatchObject({
      _id: c1._id,
      contactType: 'customer',
      status: 'positive',
      branch: { _id: branchC.id, name: 'Hadapsar' },
    });
    const negative = await managerC.get('/api/get-contacts?type=leads&status=negative');
    expect(negative.json().data.map((r: { _id: string }) => r._id)).toEqual([l1._id]);
    const onlyCustomers = await managerC.get('/api/get-contacts?type=customers');
    expect(onlyCustomers.headers['x-total-count']).toBe('1');
    const adminView = await admin.get(`/api/get-contacts?branch=${branchC.id}`);
    expect(adminView.headers['x-total-count']).toBe('3');
    expect(l2._id).toBeTruthy();

    const branch = await admin.get(`/api/get-branch/${branchC.id}`);
    expect(branch.json().data).toMatchObject({ customers: 1, leadsAndCustomers: 3, projects: 0 });
  });
});

describe('state and GSTIN of contacts, site of work orders (issue 19)', () => {
  const MH_GSTIN = '27AAPFU0939F1ZV';
  const KA_GSTIN = '29ABCDE1234F1ZW';
  let managerN: Client;
  const taxOf = (data: { stateCode: unknown; gstin: unknown }) => ({
    stateCode: data.stateCode,
    gstin: data.gstin,
  });

  beforeAll(async () => {
    const nashik = await createBranchTeam(admin, {
      branch: { name: 'Nashik', stateCode: '27' },
      technicians: [],
    });
    managerN = nashik.manager.api;
  });

  it('answers contacts saved without them as nulls', async () => {
    const created = await newLead(managerN);
    expect(taxOf(created as never)).toEqual({ stateCode: null, gstin: null });
    const made = await newCustomer(managerN);
    expect(taxOf(made as never)).toEqual({ stateCode: null, gstin: null });
  });

  it('saves a lead’s state and GSTIN (upper-cased) and answers them in every read', async () => {
    const created = await newLead(managerN, { stateCode: '27', gstin: MH_GSTIN.toLowerCase() });
    const expected = { stateCode: '27', gstin: MH_GSTIN };
    expect(taxOf(created as never)).toEqual(expected);
    expect(taxOf((await managerN.get(`/api/get-single-lead/${created._id}`)).json().data)).toEqual(
      expected,
    );
    const listed = (await managerN.get('/api/get-all-leads?pageSize=200'))
      .json()
      .data.find((l: { _id: string }) => l._id === created._id);
    expect(taxOf(listed)).toEqual(expected);
  });

  it('takes the state from the GSTIN when none is given, and keeps a GSTIN of another state', async () => {
    expect(taxOf((await newLead(managerN, { gstin: KA_GSTIN })) as never)).toEqual({
      stateCode: '29',
      gstin: KA_GSTIN,
    });
    // A business registered in Karnataka having cameras put in at its Maharashtra site.
    expect(
      taxOf((await newCustomer(managerN, { gstin: KA_GSTIN, stateCode: '27' })) as never),
    ).toEqual({ stateCode: '27', gstin: KA_GSTIN });
  });

  it.each([
    [{ gstin: '27AAPFU0939F1Z' }, 'GSTIN must be 15 characters'],
    [{ gstin: '27AAPFU0939F1ZW' }, 'GSTIN check digit does not match: please check for a typo'],
    [{ stateCode: '99' }, 'Please select a state'],
  ])('refuses %o on create-Lead and create-customer, and saves nothing', async (extra, message) => {
    for (const [url, body] of [
      ['/api/create-Lead', lead(extra)],
      ['/api/create-customer', customer(extra)],
    ] as const) {
      const response = await managerN.post(url, body);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(message);
      const search = await managerN.get(
        `/api/search?query=${encodeURIComponent(body.phoneNumber)}`,
      );
      expect(search.json().data).toEqual({ leads: [], customers: [] });
    }
  });

  it('updates a lead’s and a customer’s: sent ones change, absent ones stay, blank clears', async () => {
    const created = await newLead(managerN, { stateCode: '27' });
    const update = (extra: object) =>
      managerN.post('/api/update-lead', {
        leadId: created._id,
        ...lead({ phoneNumber: created.phoneNumber }),
        ...extra,
      });
    expect(taxOf((await update({ gstin: MH_GSTIN })).json().data)).toEqual({
      stateCode: '27',
      gstin: MH_GSTIN,
    });
    expect(taxOf((await update({})).json().data)).toEqual({ stateCode: '27', gstin: MH_GSTIN });
    const refused = await update({ stateCode: 'Maharashtra' });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe('Please select a state');
    expect(taxOf((await update({ stateCode: '29', gstin: '' })).json().data)).toEqual({
      stateCode: '29',
      gstin: null,
    });

    const made = await newCustomer(managerN, { stateCode: '27' });
    const edit = (extra: object) =>
      managerN.post(`/api/update-customer/${made._id}`, {
        name: 'Meera Joshi',
        email: 'meera@example.com',
        ...extra,
      });
    expect(taxOf((await edit({ gstin: KA_GSTIN })).json().data)).toEqual({
      stateCode: '27',
      gstin: KA_GSTIN,
    });
    const bad = await edit({ gstin: 'ABC' });
    expect(messageOf(bad)).toBe('GSTIN must be 15 characters');
    expect(taxOf((await edit({ stateCode: '' })).json().data)).toEqual({
      stateCode: '29',
      gstin: KA_GSTIN,
    });
    expect(taxOf((await edit({ stateCode: '24', gstin: null })).json().data)).toEqual({
      stateCode: '24',
      gstin: null,
    });
  });

  it('converts a lead with its state and GSTIN, or those sent with the conversion', async () => {
    const kept = await newLead(managerN, { stateCode: '27', gstin: MH_GSTIN });
    const converted = await managerN.post(`/api/lead-convert/${kept._id}`, {
      projectType: 'CCTV Camera',
    });
    expect(taxOf(converted.json().data)).toEqual({ stateCode: '27', gstin: MH_GSTIN });

    const changed = await newLead(managerN, { stateCode: '27' });
    const refused = await managerN.post(`/api/lead-convert/${changed._id}`, {
      projectType: 'CCTV Camera',
      stateCode: 'XX',
    });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe('Please select a state');
    const overridden = await managerN.post(`/api/lead-convert/${changed._id}`, {
      projectType: 'CCTV Camera',
      stateCode: '30',
      gstin: KA_GSTIN,
    });
    expect(taxOf(overridden.json().data)).toEqual({ stateCode: '30', gstin: KA_GSTIN });
  });

  it('keeps a work order’s site and its state; the answers show where the work is', async () => {
    const made = await newCustomer(managerN, { address: 'College Road, Nashik', stateCode: '27' });
    const order = async (extra: object) => {
      const response = await managerN.post('/api/create-work-orders', {
        customerId: made._id,
        projectType: 'CCTV Camera',
        initialRemark: 'Site visit',
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      const detail = (
        await managerN.get(`/api/get-work-order-details/${made._id}/${data.orderId}`)
      ).json().data;
      return { data, detail };
    };

    const home = await order({});
    expect(home.data.customerAddress).toBe('College Road, Nashik');
    expect(home.detail).toMatchObject({
      customerAddress: 'College Road, Nashik',
      location: 'College Road, Nashik',
      siteStateCode: '27',
      placeOfSupply: { code: '27', name: 'Maharashtra' },
    });

    const away = await order({ siteAddress: ' Plot 4, Verna, Goa ', siteStateCode: '30' });
    expect(away.data.customerAddress).toBe('Plot 4, Verna, Goa');
    expect(away.detail).toMatchObject({
      customerAddress: 'Plot 4, Verna, Goa',
      location: 'Plot 4, Verna, Goa',
      siteStateCode: '30',
      placeOfSupply: { code: '30', name: 'Goa' },
    });
    const [row] = await t.db.select().from(workOrders).where(eq(workOrders.id, away.data._id));
    expect(row).toMatchObject({ siteAddress: 'Plot 4, Verna, Goa', siteStateCode: '30' });

    // The customer moves: the order at their address follows, the Goa site stays.
    await managerN.post(`/api/update-customer/${made._id}`, {
      name: 'Meera Joshi',
      email: 'meera@example.com',
      address: 'Gangapur Road, Nashik',
    });
    const customerAnswer = (await managerN.get(`/api/get-single-customer/${made._id}`)).json().data;
    const addresses = Object.fromEntries(
      customerAnswer.workOrders.map((o: { _id: string; customerAddress: string }) => [
        o._id,
        o.customerAddress,
      ]),
    );
    expect(addresses[home.data._id]).toBe('Gangapur Road, Nashik');
    expect(addresses[away.data._id]).toBe('Plot 4, Verna, Goa');

    const refused = await managerN.post('/api/create-work-orders', {
      customerId: made._id,
      projectType: 'CCTV Camera',
      siteStateCode: '100',
    });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe('Please select a state');
  });

  it('takes the branch’s state as the place of supply when neither site nor customer has one', async () => {
    const made = await newCustomer(managerN);
    const order = made.workOrders[0];
    const detail = (
      await managerN.get(`/api/get-work-order-details/${made._id}/${order?.orderId}`)
    ).json().data;
    expect(detail).toMatchObject({
      siteStateCode: null,
      placeOfSupply: { code: '27', name: 'Maharashtra' },
    });
  });
});

describe('a contact’s update language (issue 21)', () => {
  const BAD_LANGUAGE = "Update language must be 'hinglish' (Hinglish) or 'en' (English)";
  const languageOf = (data: { preferredLanguage?: unknown }) => data.preferredLanguage;

  it('answers Hinglish for a contact saved without one, and English where it was chosen', async () => {
    expect(languageOf((await newLead()) as never)).toBe('hinglish');
    expect(languageOf((await newCustomer()) as never)).toBe('hinglish');
    const english = await newLead(managerA, { preferredLanguage: 'en' });
    expect(languageOf(english as never)).toBe('en');
    const read = (await managerA.get(`/api/get-single-lead/${english._id}`)).json().data;
    expect(languageOf(read)).toBe('en');
    const listed = (await managerA.get('/api/get-all-leads?pageSize=200'))
      .json()
      .data.find((l: { _id: string }) => l._id === english._id);
    expect(languageOf(listed)).toBe('en');
    const made = await newCustomer(managerA, { preferredLanguage: 'en' });
    const customerRead = (await managerA.get(`/api/get-single-customer/${made._id}`)).json().data;
    expect(languageOf(customerRead)).toBe('en');
    expect(customerRead.workOrders[0].customerLanguage).toBe('en');
  });

  it('changes it on an update, keeps it when absent, and a lead converted keeps its own', async () => {
    const created = await newLead();
    const update = (extra: object) =>
      managerA.post('/api/update-lead', {
        leadId: created._id,
        ...lead({ phoneNumber: created.phoneNumber }),
        ...extra,
      });
    expect(languageOf((await update({ preferredLanguage: 'en' })).json().data)).toBe('en');
    expect(languageOf((await update({})).json().data)).toBe('en');
    const converted = await managerA.post(`/api/lead-convert/${created._id}`, {
      projectType: 'CCTV Camera',
    });
    expect(languageOf(converted.json().data)).toBe('en');

    const made = await newCustomer();
    const edit = (extra: object) =>
      managerA.post(`/api/update-customer/${made._id}`, {
        name: 'Meera Joshi',
        email: 'meera@example.com',
        ...extra,
      });
    expect(languageOf((await edit({ preferredLanguage: 'en' })).json().data)).toBe('en');
    expect(languageOf((await edit({})).json().data)).toBe('en');
    expect(languageOf((await edit({ preferredLanguage: 'hinglish' })).json().data)).toBe(
      'hinglish',
    );
  });

  it('refuses an unknown language with a clear 400 and changes nothing', async () => {
    for (const [url, body] of [
      ['/api/create-Lead', lead({ preferredLanguage: 'hindi' })],
      ['/api/create-customer', customer({ preferredLanguage: 'EN' })],
    ] as const) {
      const response = await managerA.post(url, body);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(BAD_LANGUAGE);
      const search = await managerA.get(
        `/api/search?query=${encodeURIComponent(body.phoneNumber)}`,
      );
      expect(search.json().data).toEqual({ leads: [], customers: [] });
    }
    const created = await newLead(managerA, { preferredLanguage: 'en' });
    const refused = await managerA.post('/api/update-lead', {
      leadId: created._id,
      ...lead({ phoneNumber: created.phoneNumber, name: 'Changed' }),
      preferredLanguage: 'marathi',
    });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(BAD_LANGUAGE);
    const kept = (await managerA.get(`/api/get-single-lead/${created._id}`)).json().data;
    expect(kept).toMatchObject({ preferredLanguage: 'en', name: created.name });

    const made = await newCustomer();
    const bad = await managerA.post(`/api/update-customer/${made._id}`, {
      name: 'Changed',
      email: 'meera@example.com',
      preferredLanguage: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe(BAD_LANGUAGE);
    const unchanged = (await managerA.get(`/api/get-single-customer/${made._id}`)).json().data;
    expect(unchanged).toMatchObject({ preferredLanguage: 'hinglish', name: made.name });
  });
});

import {
  type ChecklistTemplate,
  CHECKLIST_MESSAGES as M,
  type WorkOrderChecklist,
} from '@karya/domain/checklists';
import { PROJECT_TYPES } from '@karya/domain/contact-schemas';
import {
  billLine,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createStartedOrder,
  orderKey,
  type SeededItem,
  type SeededOrder,
  signAsCustomer,
} from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Job checklists (issue 22): admins define them per project type; the order's technician
 * answers them on an in-progress order; 'Complete Project & Send for Approval' is refused
 * while a required item is unanswered; the branch's managers and admins read the answers.
 */

let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA: Client;
let techAId: string;
let techA2: Client;
let techA2Id: string;
let techB: Client;
let service: SeededItem;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud' },
    technicians: [{}, {}],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' } });
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  [{ id: techAId, api: techA }, { id: techA2Id, api: techA2 }] = kothrud.technicians;
  [{ api: techB }] = baner.technicians;
  service = await createItem(admin, 'service');
}, 60_000);
afterAll(() => t.close());

const templatesOf = async (as: Client): Promise<ChecklistTemplate[]> => {
  const response = await as.get('/api/checklist-templates');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const templateOf = async (projectType: string) =>
  (await templatesOf(admin)).find((entry) => entry.projectType === projectType);

const save = (as: Client, projectType: string, items: unknown[]) =>
  as.put('/api/checklist-templates', { projectType, items });

async function saved(projectType: string, items: unknown[]): Promise<ChecklistTemplate> {
  const response = await save(admin, projectType, items);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe(M.checklistSaved);
  const template = (response.json().data as ChecklistTemplate[]).find(
    (entry) => entry.projectType === projectType,
  );
  if (!template) throw new Error(`no ${projectType} template`);
  return template;
}

const checklistOf = async (as: Client, order: SeededOrder): Promise<WorkOrderChecklist> => {
  const response = await as.get(`/api/work-order-checklist?orderId=${order.orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const answer = (as: Client, order: SeededOrder, itemId: string, value: unknown) =>
  as.post('/api/answer-work-order-checklist', { orderId: order.orderId, itemId, answer: value });

/** A started order of the project type, billed and paid, so only the checklist may block it. */
async function paidOrder(projectType: string, technician = { id: techAId, api: techA }) {
  const order = await createStartedOrder(managerA, technician, { projectType });
  const bill = await createBill(technician.api, order, [billLine(service)]);
  await confirmBill(technician.api, bill._id);
  // The branch requires the customer's signature too (decision 033): taken, so only the
  // checklist stands between the order and its approval.
  await signAsCustomer(technician.api, order);
  return order;
}

describe('checklist templates', () => {
  it('answers every project type, empty until an admin adds items; the desk reads them', async () => {
    const list = await templatesOf(managerA);
    expect(list.map((entry) => entry.projectType)).toEqual([...PROJECT_TYPES]);
    expect(list.every((entry) => entry.items.length === 0 && entry.updatedAt === null)).toBe(true);
    expect((await techA.get('/api/checklist-templates')).statusCode).toBe(403);
  });

  it('lets an admin add, reorder, change and remove items, keeping each id', async () => {
    const first = await saved('Safe and Locks', [
      { label: '  Safe bolted to the floor ', kind: 'yes-no', required: true },
      { label: 'Number of keys handed over', kind: 'number' },
      { label: 'Remarks', kind: 'text', required: false },
    ]);
    expect(first.items.map(({ label, kind, required }) => ({ label, kind, required }))).toEqual([
      { label: 'Safe bolted to the floor', kind: 'yes-no', required: true },
      { label: 'Number of keys handed over', kind: 'number', required: false },
      { label: 'Remarks', kind: 'text', required: false },
    ]);
    expect(first.updatedAt).toBeTruthy();
    const [bolted, keys] = first.items;
    if (!bolted || !keys) throw new Error('items missing');

    // Keys first, now required; Remarks removed; a new item at the end.
    const second = await saved('Safe and Locks', [
      { id: keys.id, label: 'Keys handed over', kind: 'number', required: true },
      { id: bolted.id, label: bolted.label, kind: 'yes-no', required: true },
      { label: 'Combination set by the customer', kind: 'yes-no' },
    ]);
    expect(second.items.map((item) => [item.label, item.required])).toEqual([
      ['Keys handed over', true],
      ['Safe bolted to the floor', true],
      ['Combination set by the customer', false],
    ]);
    expect(second.items[0]?.id).toBe(keys.id);
    expect(second.items[1]?.id).toBe(bolted.id);
    // Other project types untouched.
    expect((await templateOf('CCTV Camera'))?.items).toEqual([]);

    const emptied = await saved('Safe and Locks', []);
    expect(emptied.items).toEqual([]);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = await saved('Attendance System', [
      { label: 'Device mounted', kind: 'yes-no', required: true },
    ]);
    const cases: Array<[unknown, unknown[], string | RegExp]> = [
      ['Plumbing', [], M.selectProjectType],
      ['Attendance System', [{ label: '   ', kind: 'yes-no' }], M.labelRequired],
      ['Attendance System', [{ label: 'x'.repeat(201), kind: 'text' }], M.labelTooLong],
      ['Attendance System', [{ label: 'Photo', kind: 'photo' }], M.invalidKind],
      [
        'Attendance System',
        [{ label: 'Device mounted', kind: 'yes-no', required: 'yes' }],
        M.requiredYesOrNo,
      ],
      [
        'Attendance System',
        [
          { label: 'Fingers enrolled', kind: 'number' },
          { label: 'fingers enrolled', kind: 'number' },
        ],
        M.duplicateLabel('fingers enrolled'),
      ],
      [
        'Attendance System',
        Array.from({ length: 51 }, (_, index) => ({ label: `Item ${index}`, kind: 'text' })),
        M.tooManyItems,
      ],
      [
        'Attendance System',
        [{ id: crypto.randomUUID(), label: 'Device mounted', kind: 'yes-no' }],
        M.unknownItem,
      ],
    ];
    for (const [projectType, items, message] of cases) {
      const response = await save(admin, projectType as string, items);
      expect(response.statusCode, JSON.stringify(items).slice(0, 80)).toBe(400);
      expect(response.json().message).toEqual(message);
    }
    // Another project type's item id is not this one's.
    const other = await saved('Custom', [{ label: 'Handed over', kind: 'yes-no' }]);
    const borrowed = await save(admin, 'Attendance System', [
      { id: other.items[0]?.id, label: 'Handed over', kind: 'yes-no' },
    ]);
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().message).toBe(M.unknownItem);
    expect(await templateOf('Attendance System')).toEqual(before);
    // An order's checklist asked for without naming the order.
    const unnamed = await admin.get('/api/work-order-checklist');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(M.invalidProject);
    await saved('Custom', []);
    await saved('Attendance System', []);
  });

  it('lets neither managers nor technicians change a checklist', async () => {
    for (const outsider of [managerA, techA]) {
      const refused = await save(outsider, 'CCTV Camera', [{ label: 'Cameras', kind: 'yes-no' }]);
      expect(refused.statusCode).toBe(403);
    }
    expect((await templateOf('CCTV Camera'))?.items).toEqual([]);
  });
});

describe('answers and completion', () => {
  it('keeps an order from being sent for approval until its required items are answered', async () => {
    const template = await saved('Home/Office Automation', [
      { label: 'Switches installed', kind: 'yes-no', required: true },
      { label: 'Hub firmware version', kind: 'text', required: true },
      { label: 'Scenes set up', kind: 'number' },
    ]);
    const [switches, firmware, scenes] = template.items;
    if (!switches || !firmware || !scenes) throw new Error('items missing');
    const order = await paidOrder('Home/Office Automation');

    const open = await checklistOf(techA, order);
    expect(open).toMatchObject({
      orderId: order.orderId,
      projectType: 'Home/Office Automation',
      editable: true,
      missingRequired: ['Switches installed', 'Hub firmware version'],
    });
    expect(open.items.map((item) => [item.label, item.answer])).toEqual([
      ['Switches installed', null],
      ['Hub firmware version', null],
      ['Scenes set up', null],
    ]);

    const refused = await techA.post('/api/complete-work-order', orderKey(order));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      M.requiredUnanswered(['Switches installed', 'Hub firmware version']),
    );
    // The same rule through update-work-status, the other way to pending-approval.
    const viaStatus = await techA.post('/api/update-work-status', {
      ...orderKey(order),
      status: 'pending-approval',
    });
    expect(viaStatus.statusCode).toBe(409);
    expect(viaStatus.json().message).toBe(refused.json().message);

    // Answered 'no' counts as answered: the checklist records what was found.
    const no = await answer(techA, order, switches.id, 'No');
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json().message).toBe(M.answerSaved);
    expect(no.json().data.missingRequired).toEqual(['Hub firmware version']);
    const stillRefused = await techA.post('/api/complete-work-order', orderKey(order));
    expect(stillRefused.json().message).toBe(M.requiredUnanswered(['Hub firmware version']));

    // Bad answers for the kind, and an unknown item, change nothing.
    for (const [itemId, value, status, message] of [
      [switches.id, 'maybe', 400, M.answerYesNo],
      [scenes.id, '4 scenes', 400, M.answerNumber],
      [firmware.id, 'v'.repeat(501), 400, M.answerTooLong],
      [crypto.randomUUID(), 'yes', 404, M.unknownItem],
    ] as const) {
      const bad = await answer(techA, order, itemId, value);
      expect(bad.statusCode, `${value}`).toBe(status);
      expect(bad.json().message).toBe(message);
    }
    const missingAnswer = await techA.post('/api/answer-work-order-checklist', {
      orderId: order.orderId,
      itemId: switches.id,
    });
    expect(missingAnswer.statusCode).toBe(400);

    expect((await answer(techA, order, firmware.id, ' 4.2.1 ')).statusCode).toBe(200);
    const numbered = await answer(techA, order, scenes.id, 3);
    expect(numbered.json().data.items.map((item: { answer: string }) => item.answer)).toEqual([
      'no',
      '4.2.1',
      '3',
    ]);
    // Cleared and given again: the last answer stands.
    expect((await answer(techA, order, firmware.id, null)).json().data.missingRequired).toEqual([
      'Hub firmware version',
    ]);
    expect((await answer(techA, order, firmware.id, '4.2.2')).json().data.missingRequired).toEqual(
      [],
    );

    const sent = await techA.post('/api/complete-work-order', orderKey(order));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('pending-approval');

    // Sent: no more answers.
    const late = await answer(techA, order, scenes.id, 4);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.notInProgress);

    // The manager reads the answers as given, with who gave them; the admin too.
    const read = await checklistOf(managerA, order);
    expect(read.editable).toBe(false);
    expect(read.missingRequired).toEqual([]);
    expect(read.items.map((item) => [item.label, item.kind, item.answer])).toEqual([
      ['Switches installed', 'yes-no', 'no'],
      ['Hub firmware version', 'text', '4.2.2'],
      ['Scenes set up', 'number', '3'],
    ]);
    expect(read.items[0]?.answeredBy).toMatch(/^Technician /);
    expect(read.items[0]?.answeredAt).toBeTruthy();
    expect(await checklistOf(admin, order)).toEqual(read);

    // A later edit of the template does not rewrite what was checked on the job.
    await saved('Home/Office Automation', [
      { id: switches.id, label: 'All switches installed', kind: 'yes-no', required: true },
    ]);
    expect((await checklistOf(managerA, order)).items.map((item) => item.label)).toEqual([
      'Switches installed',
      'Hub firmware version',
      'Scenes set up',
    ]);
    await saved('Home/Office Automation', []);
  });

  it('hides the checklist from another branch and lets only the order’s technician answer', async () => {
    const template = await saved('IT & Networking Services', [
      { label: 'Cables labelled', kind: 'yes-no', required: true },
    ]);
    const itemId = template.items[0]?.id ?? '';
    const order = await paidOrder('IT & Networking Services', { id: techA2Id, api: techA2 });

    for (const outsider of [managerB, techB, techA]) {
      const read = await outsider.get(`/api/work-order-checklist?orderId=${order.orderId}`);
      expect(read.statusCode).toBe(404);
    }
    for (const outsider of [techB, techA]) {
      const refused = await answer(outsider, order, itemId, 'yes');
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Work order not found');
    }
    for (const desk of [managerA, admin]) {
      expect((await answer(desk, order, itemId, 'yes')).statusCode).toBe(403);
      expect((await checklistOf(desk, order)).editable).toBe(false);
    }
    const unknown = await techA2.get('/api/work-order-checklist?orderId=WO-1999-000001');
    expect(unknown.statusCode).toBe(404);
    expect((await checklistOf(techA2, order)).missingRequired).toEqual(['Cables labelled']);
    expect((await answer(techA2, order, itemId, 'yes')).statusCode).toBe(200);
    const sent = await techA2.post('/api/complete-work-order', orderKey(order));
    expect(sent.statusCode, sent.body).toBe(200);
    await saved('IT & Networking Services', []);
  });

  it('changes nothing for a project type without a checklist', async () => {
    const order = await paidOrder('Software & Website Development');
    expect(await checklistOf(techA, order)).toMatchObject({ items: [], missingRequired: [] });
    const sent = await techA.post('/api/complete-work-order', orderKey(order));
    expect(sent.statusCode, sent.body).toBe(200);
  });
});

import { INVOICE_MESSAGES, type VisitDuesAnswer } from '@karya/domain/invoice-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { loginAs } from '../helpers/test-app';
import {
  type ConfirmedBill,
  type Crew,
  confirmedBill,
  crewOf,
  expectOk,
  openScene,
  type Scene,
  serviceItem,
} from './dues-scene';

/**
 * GET /api/visit-dues (issue 19): on a visit, the technician sees what the customer still owes
 * at the branch and may collect it; nobody else's customer, no closed order, no desk role.
 */

let scene: Scene;
let kothrud: Crew;
let baner: Crew;
let owed: ConfirmedBill;
let visitOrderId: string;
let visitor: { id: string; http: Client };

const visitDues = async (as: Client, orderId: string): Promise<VisitDuesAnswer> =>
  expectOk(await as.get(`/api/visit-dues?orderId=${encodeURIComponent(orderId)}`));

async function technicianOf(crew: Crew) {
  const person = await createUser(scene.t.db, 'technician', { branchId: crew.branchId });
  return {
    id: person.id,
    http: client(scene.t.app, await loginAs(scene.t.app, person.username, person.password)),
  };
}

beforeAll(async () => {
  scene = await openScene();
  kothrud = await crewOf(scene, { name: 'Kothrud', upiVpa: 'kothrud.shop@okaxis' });
  baner = await crewOf(scene, { name: 'Baner' });
  const installation = await serviceItem(scene.admin, 'Camera Installation', 1000);
  owed = await confirmedBill(kothrud, [{ item: installation }], 400, { name: 'Meera Joshi' });

  // A second visit to the same customer, given to another technician of the branch.
  visitor = await technicianOf(kothrud);
  const visit = await expectOk(
    await kothrud.manager.post('/api/create-work-orders', {
      customerId: owed.customerId,
      projectType: 'CCTV Camera',
      initialRemark: 'Check camera 2 and collect the balance',
    }),
  );
  visitOrderId = visit.orderId;
  await expectOk(
    await kothrud.manager.post('/api/assign-technician', {
      customerId: owed.customerId,
      orderId: visitOrderId,
      technicianId: visitor.id,
      instructions: 'Balance of ₹600 is due',
    }),
  );
});
afterAll(() => scene.t.close());

describe('GET /api/visit-dues', () => {
  it("shows the visiting technician the customer's dues, with a UPI link for exactly the due", async () => {
    const answer = await visitDues(visitor.http, visitOrderId);
    expect(answer.rows).toHaveLength(1);
    expect(answer.rows[0]).toMatchObject({
      billId: owed.billId,
      invoiceNumber: owed.invoiceNumber,
      customerName: 'Meera Joshi',
      due: 600,
      paid: 400,
    });
    expect(answer.rows[0]?.upiLink).toContain('pa=kothrud.shop@okaxis');
    expect(answer.rows[0]?.upiLink).toContain('am=600.00');
    expect(answer.totals.due).toBe(600);
  });

  it('answers no dues for an order the technician does not hold', async () => {
    const stranger = await technicianOf(kothrud);
    expect((await visitDues(stranger.http, visitOrderId)).rows).toEqual([]);
    expect((await visitDues(baner.technician, visitOrderId)).rows).toEqual([]);
    expect((await visitDues(visitor.http, 'WO-2026-999999')).rows).toEqual([]);
  });

  it('is for technicians: the desk reads Outstanding Dues; no session is a 401', async () => {
    expect((await kothrud.manager.get(`/api/visit-dues?orderId=${visitOrderId}`)).statusCode).toBe(
      403,
    );
    expect((await scene.admin.get(`/api/visit-dues?orderId=${visitOrderId}`)).statusCode).toBe(403);
    expect(
      (await client(scene.t.app).get(`/api/visit-dues?orderId=${visitOrderId}`)).statusCode,
    ).toBe(401);
    expect((await visitor.http.get('/api/visit-dues')).statusCode).toBe(400);
  });

  it('takes a UPI id once on a visit, whatever its case, and keeps it upper-cased (issue 33 item 6)', async () => {
    const id = `upivisit${Date.now().toString(36)}x`;
    const collect = (transactionId: string) =>
      visitor.http.post('/api/record-bill-payment', {
        billId: owed.billId,
        amount: 100,
        paymentMethod: 'online',
        transactionId,
      });
    const paid = await collect(id);
    const answer = await expectOk(paid);
    expect(answer.payments.at(-1)).toMatchObject({ transactionId: id.toUpperCase() });
    for (const again of [id, id.toUpperCase(), `${id.slice(0, 5).toUpperCase()}${id.slice(5)}`]) {
      const refused = await collect(again);
      expect(refused.statusCode, again).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    }
    expect((await visitDues(visitor.http, visitOrderId)).totals.due).toBe(500);
  });

  it('lets the visitor collect the rest; the due then leaves the visit', async () => {
    const { due } = (await visitDues(visitor.http, visitOrderId)).totals;
    await expectOk(
      await visitor.http.post('/api/record-bill-payment', {
        billId: owed.billId,
        amount: due,
        paymentMethod: 'cash',
      }),
    );
    expect((await visitDues(visitor.http, visitOrderId)).rows).toEqual([]);
  });
});

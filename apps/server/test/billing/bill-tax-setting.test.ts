import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBill,
  createItem,
  giveSerials,
  hireTechnician,
  line,
  MAHARASHTRA_GSTIN,
  openBranch,
  openWorld,
  saveBusiness,
  startedOrder,
  type World,
} from './invoice-world';

/**
 * What the phone needs to work out a bill with no signal as create-bill does (issue 20,
 * decision 028): the branch's invoice kind and supplying state, and each van-stock item's
 * GST rate and whether its price includes it.
 */

let world: World;
beforeAll(async () => {
  world = await openWorld();
  await saveBusiness(world, true);
});
afterAll(() => world.t.close());

describe('GET /api/bill-tax-setting', () => {
  it("a registered branch with a GSTIN: tax invoices from its state; the van stock carries each item's rate", async () => {
    const branch = await openBranch(world, 'Kothrud', {
      gstin: MAHARASHTRA_GSTIN,
      stateCode: null,
    });
    const technician = await hireTechnician(world, branch);
    const camera = await createItem(world, {
      type: 'serialized-product',
      name: 'Bullet Camera',
      salePrice: 1000,
      hsnSac: '85258900',
      gstRate: 18,
      priceIncludesTax: false,
    });
    await giveSerials(branch, technician, camera, ['BC-1']);

    const setting = await technician.http.get('/api/bill-tax-setting');
    expect(setting.statusCode, setting.body).toBe(200);
    // No state set: the GSTIN's first two digits are the state, as create-bill takes it.
    expect(setting.json().data).toEqual({ invoiceKind: 'tax-invoice', supplierStateCode: '27' });

    const stock = await technician.http.get('/api/get-technician-inventory');
    const held = (stock.json().data as Array<Record<string, unknown>>).find(
      (item) => item.itemId === camera.id,
    );
    expect(held).toMatchObject({ gstRate: 18, priceIncludesTax: false });

    // The figures the phone works out are create-bill's: ₹1,000 + 18 % within the state.
    const order = await startedOrder(branch, technician, { stateCode: '27' });
    const bill = await createBill(technician, order, [line(camera, { serialNumber: 'BC-1' })]);
    expect(bill).toMatchObject({ total: 1180, tax: { intraState: true, cgst: 90, sgst: 90 } });
  });

  it('a branch without a GSTIN issues bills of supply', async () => {
    const branch = await openBranch(world, 'Baner', { stateCode: '27' });
    const technician = await hireTechnician(world, branch);
    const setting = await technician.http.get('/api/bill-tax-setting');
    expect(setting.json().data).toEqual({ invoiceKind: 'bill-of-supply', supplierStateCode: '27' });
  });

  it('is for technicians only', async () => {
    const answer = await world.admin.get('/api/bill-tax-setting');
    expect(answer.statusCode).toBe(403);
  });
});

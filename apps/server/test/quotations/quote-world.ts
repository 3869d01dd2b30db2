import * as factory from '@karya/test-factories';
import type { LightMyRequestResponse } from 'fastify';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The setting of the quotation tests (issue 35): a GST-registered business, two branches with
 * their managers, a technician, and a catalogue of a camera, cable and installation, all made
 * through the API.
 */

export interface QuoteWorld {
  t: TestApp;
  admin: Client;
  branchA: { id: string; manager: Client };
  branchB: { id: string; manager: Client };
  technician: { id: string; http: Client };
  camera: factory.SeededItem;
  cable: factory.SeededItem;
  install: factory.SeededItem;
}

let seq = 0;
const nextPhone = () => {
  seq += 1;
  return `+9195${String(10_000_000 + seq * 7919 + (Date.now() % 997)).slice(-8)}`;
};

export async function openQuoteWorld(): Promise<QuoteWorld> {
  // PUBLIC_URL without the WhatsApp Cloud API: the quote's link is still the public one.
  const t = await createTestApp({
    KARYA_TEST_CLOCK: '1',
    UPI_VPA: 'shop@okaxis',
    PUBLIC_URL: 'https://karya.example.in',
  });
  const admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  await factory.saveBusinessProfile(admin, { gstRegistered: true });
  const a = await factory.createBranchTeam(admin, {
    branch: { name: 'Kothrud', gstin: '27AAPFU0939F1ZV', stateCode: '27' },
    technicians: [],
  });
  const b = await factory.createBranchTeam(admin, { branch: { name: 'Baner' }, technicians: [] });
  const tech = await factory.createUser(admin, 'technician', a.branch.id);
  const item = (type: factory.ItemType, name: string, salePrice: number, extra = {}) =>
    factory.createItem(admin, type, {
      name,
      salePrice,
      mrp: salePrice + 100,
      purchasePrice: 777.77,
      gstRate: 18,
      hsnSac: type === 'service' ? '998719' : '85258020',
      priceIncludesTax: false,
      ...extra,
    });
  return {
    t,
    admin,
    branchA: { id: a.branch.id, manager: a.manager.api as Client },
    branchB: { id: b.branch.id, manager: b.manager.api as Client },
    technician: { id: tech.id, http: await admin.signIn(tech.username, tech.password) },
    camera: await item('serialized-product', 'Dome camera', 2500),
    cable: await item('generic-product', 'CCTV cable', 20, { unit: 'Meter' }),
    install: await item('service', 'Installation', 1500),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the answers are checked by the routes' schemas
export const json = <T = any>(response: LightMyRequestResponse): T =>
  JSON.parse(response.body) as T;

// biome-ignore lint/suspicious/noExplicitAny: the answers are checked by the routes' schemas
export const dataOf = <T = any>(response: LightMyRequestResponse): T => {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return json<{ data: T }>(response).data;
};

export const messageOf = (response: LightMyRequestResponse) =>
  json<{ message: string }>(response).message;

export async function newLead(manager: Client) {
  return factory.createLead(manager, { phoneNumber: nextPhone() });
}

export async function newCustomer(manager: Client) {
  return factory.createCustomer(manager, { phoneNumber: nextPhone() });
}

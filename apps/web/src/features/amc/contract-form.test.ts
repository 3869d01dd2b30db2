import { AMC_MESSAGES, type AmcContractDetail, type AmcOffer } from '@karya/domain/amc-schemas';
import { COMPLAINT_MESSAGES } from '@karya/domain/complaint-schemas';
import { describe, expect, it } from 'vitest';
import {
  contractBodyOf,
  emptyContractForm,
  fieldErrorsOf,
  formOfContract,
  formWithOffer,
  refusalOnForm,
  serialsOf,
  slaHoursOf,
  updateBodyOf,
} from './contract-form';

const CUSTOMER = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';

describe('the New contract form', () => {
  it('starts today, for 12 months, quarterly, labour only, billed upfront', () => {
    expect(emptyContractForm('2026-11-24')).toMatchObject({
      startDate: '2026-11-24',
      termMonths: 12,
      visitsPerTerm: 4,
      coverage: 'labour',
      billing: 'upfront',
      gstRate: 18,
    });
  });

  it('parts the serials by lines or commas, without blanks or repeats', () => {
    expect(serialsOf(' CAM-1\nCAM-2, CAM-1,,\n\n NVR-9 ')).toEqual(['CAM-1', 'CAM-2', 'NVR-9']);
  });

  it('says what to fix before asking the server', () => {
    const form = emptyContractForm('2026-11-24', { price: '12.345', coverage: 'labour-and-parts' });
    expect(contractBodyOf(form)).toEqual({
      errors: {
        customerId: 'Please choose the customer',
        price: 'Please enter a valid price (at most 2 decimal places)',
        projectType: 'Please enter what the contract covers (project type)',
        coveredItemIds: 'Pick the parts the contract covers, or choose Labour only',
      },
    });
  });

  it('sends an offer from an installation with its order and the price in rupees', () => {
    const form = emptyContractForm('2026-11-24', {
      customerId: CUSTOMER,
      fromOrderId: 'order-1',
      price: '₹ 4,999.50',
      visitsPerTerm: 2,
    });
    expect(contractBodyOf(form)).toEqual({
      body: {
        customerId: CUSTOMER,
        fromOrderId: 'order-1',
        startDate: '2026-11-24',
        termMonths: 12,
        visitsPerTerm: 2,
        price: 4999.5,
        priceIncludesTax: true,
        gstRate: 18,
        coverage: 'labour',
        coveredItemIds: [],
        billing: 'upfront',
        notes: '',
        slaHours: null,
      },
    });
  });

  it('sends the serials and the covered parts when the contract lists them', () => {
    const form = emptyContractForm('2026-11-24', {
      customerId: CUSTOMER,
      projectType: ' CCTV ',
      serials: 'CAM-1\nCAM-2',
      price: '6000',
      coverage: 'labour-and-parts',
      coveredItemIds: ['item-1'],
    });
    expect(contractBodyOf(form)).toMatchObject({
      body: {
        projectType: 'CCTV',
        serialNumbers: ['CAM-1', 'CAM-2'],
        coverage: 'labour-and-parts',
        coveredItemIds: ['item-1'],
      },
    });
  });
});

describe('the contract’s own response time (issue 37)', () => {
  const form = (slaHours: string) =>
    emptyContractForm('2026-11-24', {
      customerId: CUSTOMER,
      projectType: 'CCTV',
      price: '6000',
      slaHours,
    });

  it('sends the whole hours typed, or null for the branch’s target when left empty', () => {
    expect(contractBodyOf(form(' 8 '))).toMatchObject({ body: { slaHours: 8 } });
    expect(contractBodyOf(form(''))).toMatchObject({ body: { slaHours: null } });
    expect(slaHoursOf('720')).toBe(720);
  });

  it.each(['0', '721', '4.5', 'eight'])("refuses '%s' with the spec's message", (typed) => {
    expect(contractBodyOf(form(typed))).toEqual({
      errors: { slaHours: COMPLAINT_MESSAGES.hoursRange },
    });
  });

  it('fills the form with a contract’s own hours, and empty for the branch’s', () => {
    const draft = {
      slaHours: 12,
      serialNumbers: [],
      coveredItems: [],
      customer: { _id: CUSTOMER },
    };
    expect(formOfContract(draft as unknown as AmcContractDetail).slaHours).toBe('12');
    expect(
      formOfContract({ ...draft, slaHours: null } as unknown as AmcContractDetail).slaHours,
    ).toBe('');
  });
});

describe('the server’s refusals on the form', () => {
  it('puts field errors on their fields and the rest above', () => {
    expect(
      fieldErrorsOf([
        { field: 'serialNumbers.2', message: AMC_MESSAGES.invalidSerial },
        { field: 'startDate', message: AMC_MESSAGES.invalidStartDate },
        { field: '', message: 'Something else' },
      ]),
    ).toEqual({
      fields: { serials: AMC_MESSAGES.invalidSerial, startDate: AMC_MESSAGES.invalidStartDate },
      rest: ['Something else'],
    });
  });

  it('knows the field of a refusal that names none', () => {
    expect(refusalOnForm(AMC_MESSAGES.installationNotCompleted, [])).toEqual({
      fields: { fromOrderId: AMC_MESSAGES.installationNotCompleted },
      rest: [],
    });
    expect(refusalOnForm('Branch not found', [])).toEqual({
      fields: {},
      rest: ['Branch not found'],
    });
  });
});

describe('editing a draft', () => {
  const draft = {
    _id: 'c-1',
    customer: { _id: CUSTOMER, name: 'Mehta Clinic', phoneNumber: '+919800000000' },
    installation: { _id: 'order-1', orderId: 'WO-2026-000001', projectId: 'PRJ-2026-000001' },
    projectType: 'CCTV Camera',
    serialNumbers: ['CAM-1', 'CAM-2'],
    startDate: '2027-03-01',
    termMonths: 12,
    visitsPerTerm: 4,
    price: 6000,
    priceIncludesTax: false,
    gstRate: 18,
    coverage: 'labour-and-parts',
    coveredItems: [{ _id: 'item-1', name: 'Adapter' }],
    billing: 'instalments',
    notes: 'Gate code 42',
  } as unknown as AmcContractDetail;

  it('fills the form with the draft’s terms', () => {
    expect(formOfContract(draft)).toEqual({
      customerId: CUSTOMER,
      fromOrderId: 'order-1',
      projectType: 'CCTV Camera',
      serials: 'CAM-1\nCAM-2',
      startDate: '2027-03-01',
      termMonths: 12,
      visitsPerTerm: 4,
      price: '6000',
      priceIncludesTax: false,
      gstRate: 18,
      coverage: 'labour-and-parts',
      coveredItemIds: ['item-1'],
      billing: 'instalments',
      notes: 'Gate code 42',
      slaHours: '',
    });
  });

  it('sends the terms only: the customer and installation stay', () => {
    const request = contractBodyOf({ ...formOfContract(draft), price: '6500' });
    if (!('body' in request)) throw new Error('the draft’s form should be valid');
    const body = updateBodyOf(request.body);
    expect(body).not.toHaveProperty('customerId');
    expect(body).not.toHaveProperty('fromOrderId');
    expect(body).toMatchObject({
      price: 6500,
      serialNumbers: ['CAM-1', 'CAM-2'],
      billing: 'instalments',
    });
  });
});

describe('Offer AMC', () => {
  const offer: AmcOffer = {
    customer: { _id: CUSTOMER, name: 'Mehta Clinic', phoneNumber: '+919800000000' },
    installation: {
      _id: 'order-1',
      orderId: 'WO-2026-000001',
      projectId: 'PRJ-2026-000001',
      projectType: 'CCTV Camera',
      completedAt: '2027-02-20T10:00:00.000Z',
    },
    serialNumbers: ['CAM-1', 'NVR-1'],
    startDate: '2027-03-01',
    termMonths: 12,
    existingContracts: [],
  };

  it('fills the installation, its serials and the server’s today', () => {
    expect(formWithOffer(emptyContractForm('2026-11-24'), offer)).toMatchObject({
      customerId: CUSTOMER,
      fromOrderId: 'order-1',
      projectType: 'CCTV Camera',
      serials: 'CAM-1\nNVR-1',
      startDate: '2027-03-01',
    });
  });

  it('keeps what the manager typed while it loaded', () => {
    const typed = emptyContractForm('2026-11-24', {
      projectType: 'CCTV, 8 cameras',
      serials: 'CAM-9',
    });
    expect(formWithOffer(typed, offer)).toMatchObject({
      projectType: 'CCTV, 8 cameras',
      serials: 'CAM-9',
    });
  });
});

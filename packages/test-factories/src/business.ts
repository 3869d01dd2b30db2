import { dataOf, type Transport } from './transport';

/** The business behind the branches, as the admin saves it on Business Profile. */
export async function saveBusinessProfile(
  admin: Transport,
  fields: Record<string, unknown> = {},
): Promise<void> {
  await dataOf(admin, 'PUT', '/api/business-profile', {
    legalName: 'Karya Installers Private Limited',
    tradeName: 'Karya Security',
    address: '12 FC Road, Pune 411004',
    phone: '020 2555 1234',
    email: 'accounts@karya.example',
    gstRegistered: true,
    ...fields,
  });
}

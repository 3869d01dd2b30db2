/*
 * Test factories (issue 18): seeding through the public HTTP API, the endpoints the
 * screens use, for the API tests and the browser journeys alike.
 */
export * from './billing';
export * from './business';
export * from './contacts';
export * from './inventory';
export * from './people';
export * from './transport';
export * from './unique';
export * from './work-orders';

/**
 * GET /get-technician-inventory, in a module of its own: apps/web/early-start.ts reads it at
 * build time (through the technician dashboard's first requests) and must load nothing else.
 */
export const TECHNICIAN_INVENTORY_PATH = '/get-technician-inventory';

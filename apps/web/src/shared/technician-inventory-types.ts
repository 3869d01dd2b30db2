/**
 * Spec 2 §3 'Return request': one POST /return-inventory per line. (What the server answers,
 * TechnicianInventoryItem among it, is typed by @karya/domain/inventory-answers.)
 */
export type ReturnRequest =
  | { itemId: string; itemName: string; type: 'serialized-product'; serialNumber: string }
  | { itemId: string; itemName: string; type: 'generic-product'; quantity: number };

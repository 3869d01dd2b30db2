import { apiRequest } from '../../../lib/api-client';

/** Spec 2 §3 'Add-stock entry'. */
export interface AddStockBody {
  itemId: string;
  serialNumber: string | null;
  quantity: number;
  /** yyyy-mm-dd. */
  date: string;
  remark: string;
}

/**
 * POST /add-stock: one entry per call. The stock dialog sends its entries one after the
 * other and stops at the first failure (spec 2 §7), then refreshes the lists itself.
 */
export function addStock(body: AddStockBody): Promise<unknown> {
  return apiRequest('POST', '/add-stock', body);
}

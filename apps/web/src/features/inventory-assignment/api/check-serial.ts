import { apiRequest } from '../../../lib/api-client';

export interface SerialCheck {
  exists: boolean;
  item: { id: string; _id: string; name: string } | null;
}

/** Whether a serial is known at all, and for which item (wherever the unit is now). */
export function checkSerial(serial: string): Promise<SerialCheck> {
  return apiRequest<SerialCheck>('GET', `/check-serial/${encodeURIComponent(serial)}`);
}

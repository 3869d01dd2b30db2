import type { UnitRecord } from '@karya/domain/warranty-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { warrantyKeys } from './warranty-keys';

/** GET /serial-number-record/{serial}: where the unit is and everything that happened to it. */
export function getUnitRecord(serial: string, signal?: AbortSignal): Promise<UnitRecord> {
  return apiRequest<UnitRecord>(
    'GET',
    `/serial-number-record/${encodeURIComponent(serial)}`,
    undefined,
    signal ? { signal } : {},
  );
}

export function useUnitRecord(serial: string) {
  return useQuery({
    queryKey: warrantyKeys.record(serial),
    queryFn: ({ signal }) => getUnitRecord(serial, signal),
    enabled: serial.length > 0,
  });
}

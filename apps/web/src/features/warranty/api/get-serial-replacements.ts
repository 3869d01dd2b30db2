import type { Replacement } from '@karya/domain/warranty-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { warrantyKeys } from './warranty-keys';

/** GET /get-replacements/{serial}: the records whose chain includes the serial. */
export function getSerialReplacements(
  serial: string,
  signal?: AbortSignal,
): Promise<Replacement[]> {
  return apiRequest<Replacement[]>(
    'GET',
    `/get-replacements/${encodeURIComponent(serial)}`,
    undefined,
    signal ? { signal } : {},
  );
}

export function useSerialReplacements(serial: string | null) {
  return useQuery({
    queryKey: warrantyKeys.bySerial(serial ?? ''),
    queryFn: ({ signal }) => getSerialReplacements(serial ?? '', signal),
    enabled: Boolean(serial),
  });
}

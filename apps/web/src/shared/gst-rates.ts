import type { GstRate } from '@karya/domain/invoice-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const gstRateKeys = { all: ['gst-rates'] as const };

/** GET /gst-rates: the slabs an item may carry now, lowest first (kept as data, issue 19). */
export function getGstRates(signal?: AbortSignal): Promise<GstRate[]> {
  return apiRequest<{ rates: GstRate[] }>(
    'GET',
    '/gst-rates',
    undefined,
    signal ? { signal } : {},
  ).then((answer) => answer.rates);
}

export function useGstRates() {
  return useQuery({
    queryKey: gstRateKeys.all,
    queryFn: ({ signal }) => getGstRates(signal),
    // A change of law is a row in the database, not something that moves within a session.
    staleTime: 60 * 60 * 1000,
  });
}

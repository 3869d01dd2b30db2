import type { BusinessProfile } from '@karya/domain/invoice-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { businessKeys } from './business-keys';

/** GET /business-profile: empty, with updatedAt null, until an admin first saves it. */
export function getBusinessProfile(signal?: AbortSignal): Promise<BusinessProfile> {
  return apiRequest<BusinessProfile>(
    'GET',
    '/business-profile',
    undefined,
    signal ? { signal } : {},
  );
}

export function useBusinessProfile() {
  return useQuery({
    queryKey: businessKeys.profile,
    queryFn: ({ signal }) => getBusinessProfile(signal),
    ...CACHE_FIRST,
  });
}

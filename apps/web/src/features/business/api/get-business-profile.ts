import type { BusinessProfile } from '@karya/domain/invoice-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
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

/**
 * Always asked afresh on mount: the page edits what it shows, so it must start from the
 * server's copy, never from one restored from the last visit (isFetchedAfterMount).
 */
export function useBusinessProfile() {
  return useQuery({
    queryKey: businessKeys.profile,
    queryFn: ({ signal }) => getBusinessProfile(signal),
    refetchOnMount: 'always',
  });
}

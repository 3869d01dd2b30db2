import type { BusinessProfile, BusinessProfileInput } from '@karya/domain/invoice-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessKeys } from './business-keys';

/** PUT /business-profile (admins): the whole profile; a null logo removes it. */
export function saveBusinessProfile(body: BusinessProfileInput): Promise<BusinessProfile> {
  return apiRequest<BusinessProfile>('PUT', '/business-profile', body);
}

export function useSaveBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessProfile,
    onSuccess: (saved) => queryClient.setQueryData(businessKeys.profile, saved),
  });
}

import type { UnitComplaintAnswer, UnitPage } from '@karya/domain/complaint-schemas';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/unit/:token (public: the sticker's token is the key). */
export function getUnitPage(token: string): Promise<UnitPage> {
  return apiRequest<UnitPage>('GET', `/unit/${encodeURIComponent(token)}`);
}

export interface UnitComplaint {
  description: string;
  phone: string;
  photo: Blob | null;
}

/**
 * POST /api/unit/:token/complaint (public) as multipart/form-data: description, phone and,
 * when the customer took one, the photo.
 */
export function raiseUnitComplaint(
  token: string,
  complaint: UnitComplaint,
): Promise<UnitComplaintAnswer> {
  const form = new FormData();
  form.append('description', complaint.description);
  form.append('phone', complaint.phone);
  if (complaint.photo) {
    const name = complaint.photo instanceof File ? complaint.photo.name : 'photo.jpg';
    form.append('photo', complaint.photo, name || 'photo.jpg');
  }
  return apiRequest<UnitComplaintAnswer>(
    'POST',
    `/unit/${encodeURIComponent(token)}/complaint`,
    form,
  );
}

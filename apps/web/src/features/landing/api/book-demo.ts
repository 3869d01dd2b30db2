import { apiRequest } from '../../../lib/api-client';
import type { LandingLanguage } from '../landing-language';

export interface BookDemoInput {
  phone: string;
  name: string;
  city: string;
  language: LandingLanguage;
  /** The honeypot: people never see it, so it is empty unless a bot filled it in. */
  website: string;
}

/** POST /api/demo-requests (public). */
export function bookDemo(input: BookDemoInput): Promise<null> {
  return apiRequest<null>('POST', '/demo-requests', input);
}

import type { DemoRequestStatusFilter } from '@karya/domain/system-schemas';

export const systemKeys = {
  resetStatus: ['system', 'reset-status'] as const,
  demoRequests: ['demo-requests'] as const,
  demoRequestList: (status: DemoRequestStatusFilter) => ['demo-requests', 'list', status] as const,
};

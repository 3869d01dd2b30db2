export const ROLES = ['admin', 'manager', 'technician'] as const;
export type Role = (typeof ROLES)[number];

export const ENTITY_STATUSES = ['active', 'inactive'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];

export const MANAGER_ACCESS_STATUSES = [
  'active',
  'pending',
  'transferring',
  'transferred',
] as const;
export type ManagerAccessStatus = (typeof MANAGER_ACCESS_STATUSES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Manager',
  technician: 'Technician',
};

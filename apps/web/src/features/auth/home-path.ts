import type { Role } from '@karya/domain/roles';

/** Where a role lands after login, and where a guard sends a role that may not enter. */
export function homePathFor(role: Role): string {
  return role === 'technician' ? '/technician-dashboard' : '/dashboard';
}

import type { EntityStatus, ManagerAccessStatus, Role } from './roles';

/** A branch as it appears inside another entity (spec 1 §3: `{ _id, name }`). */
export interface BranchRef {
  _id: string;
  name: string;
}

/** A user as every API answer carries it: never with a password. */
export interface PublicUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  username: string;
  location: string;
  role: Role;
  status: EntityStatus;
  branch: BranchRef | null;
  activeManagerStatus: ManagerAccessStatus | null;
  createdAt: string;
}

export function fullName(user: Pick<PublicUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The avatar's letters: first-name and last-name initials, or '?' when both are empty. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

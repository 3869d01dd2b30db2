import type { PublicUser } from '@karya/domain/user';

/** Spec 1 §2.5: a search matches first name, last name, email or username. */
export function matchesUserSearch(user: PublicUser, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [
    user.firstName,
    user.lastName,
    `${user.firstName} ${user.lastName}`,
    user.email,
    user.username,
  ].some((value) => (value ?? '').toLowerCase().includes(needle));
}

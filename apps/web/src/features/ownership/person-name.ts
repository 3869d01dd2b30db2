import type { PersonName } from './api/transfer-types';

export function personName(person: PersonName | null | undefined, fallback = 'Unknown'): string {
  if (!person) return fallback;
  return `${person.firstName} ${person.lastName}`.trim() || fallback;
}

import { PROJECT_TYPES, type ProjectType } from './contact-schemas';
import { PROJECT_CATEGORIES, type ProjectCategory } from './project-categories';

/**
 * How long a job is booked for when nobody says otherwise (issue 34): admins set minutes per
 * project type and category; a pair they never set takes the fallback rule. The server answers
 * the table; the board and the Assign Technician dialog read it from there.
 */

/** Shortest and longest default an admin may set, in minutes: a job is never booked at 0. */
export const MIN_DEFAULT_MINUTES = 5;
export const MAX_DEFAULT_MINUTES = 24 * 60;

export interface DefaultDuration {
  projectType: ProjectType;
  projectCategory: ProjectCategory;
  minutes: number;
  /** True when no admin has set this pair: the minutes are the fallback rule's. */
  isFallback: boolean;
}

/** The rule before any admin sets one: a repair or a maintenance visit is an hour; an installation two. */
export function fallbackDurationMinutes(_projectType: string, projectCategory: string): number {
  return projectCategory === 'Repair' || projectCategory === 'Maintenance' ? 60 : 120;
}

/** Every type × category pair, each with the stored minutes or the fallback's, in screen order. */
export function durationTable(
  stored: readonly { projectType: string; projectCategory: string; minutes: number }[],
): DefaultDuration[] {
  const set = new Map(stored.map((row) => [`${row.projectType}|${row.projectCategory}`, row]));
  return PROJECT_TYPES.flatMap((projectType) =>
    PROJECT_CATEGORIES.map((projectCategory) => {
      const row = set.get(`${projectType}|${projectCategory}`);
      return {
        projectType,
        projectCategory,
        minutes: row?.minutes ?? fallbackDurationMinutes(projectType, projectCategory),
        isFallback: !row,
      };
    }),
  );
}

/**
 * The minutes to book a job of this type and category for: the table's, or the fallback's
 * while the table is not loaded or lacks the pair.
 */
export function durationFor(
  table: readonly { projectType: string; projectCategory: string; minutes: number }[] | undefined,
  projectType: string,
  projectCategory: string,
): number {
  const row = table?.find(
    (entry) => entry.projectType === projectType && entry.projectCategory === projectCategory,
  );
  return row?.minutes ?? fallbackDurationMinutes(projectType, projectCategory);
}

/** '2h 30m', '45m', '0m': minutes as the board and the admin's page say them. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

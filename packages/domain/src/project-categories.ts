/**
 * Spec 1 §9: Repair is displayed as Complaint. Maintenance: a visit of an annual maintenance
 * contract, opened by the scheduler (issue 23, decision 035).
 */
export const PROJECT_CATEGORIES = ['New Installation', 'Repair', 'Maintenance'] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];
export const PROJECT_CATEGORY_LABELS: Record<ProjectCategory, string> = {
  'New Installation': 'New Installation',
  Repair: 'Complaint',
  Maintenance: 'Maintenance',
};

/** What a manager opens by hand; Maintenance orders come only from a contract's visits. */
export const HAND_OPENED_CATEGORIES = ['New Installation', 'Repair'] as const;

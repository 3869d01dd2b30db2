/** Spec 1 §9: Repair is displayed as Complaint. */
export const PROJECT_CATEGORIES = ['New Installation', 'Repair'] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];
export const PROJECT_CATEGORY_LABELS: Record<ProjectCategory, string> = {
  'New Installation': 'New Installation',
  Repair: 'Complaint',
};

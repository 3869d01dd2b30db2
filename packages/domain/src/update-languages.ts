/**
 * The languages customers read Karya in (issue 21), apart from customer-updates' schemas, so a
 * customer's public page (the quotation link, issue 35) names them without loading zod.
 */
export const UPDATE_LANGUAGES = ['hinglish', 'en'] as const;
export type UpdateLanguage = (typeof UPDATE_LANGUAGES)[number];
/** A contact who has not said otherwise reads Hinglish: most customers of an Indian installer do. */
export const DEFAULT_UPDATE_LANGUAGE: UpdateLanguage = 'hinglish';
export const UPDATE_LANGUAGE_LABELS: Record<UpdateLanguage, string> = {
  hinglish: 'Hinglish',
  en: 'English',
};

import {
  UPDATE_LANGUAGE_LABELS,
  UPDATE_LANGUAGES,
  type UpdateLanguage,
} from '@karya/domain/customer-updates';
import type { ComponentProps } from 'react';
import { SelectField } from '../../ui/select-field';

const OPTIONS = UPDATE_LANGUAGES.map((language) => ({
  value: language,
  label: UPDATE_LANGUAGE_LABELS[language],
}));

/**
 * The language the contact's WhatsApp updates and job-status page are in (issue 21), on the
 * add and edit forms; spread react-hook-form's `register('preferredLanguage')` into it.
 */
export function UpdateLanguageField(props: Omit<ComponentProps<'select'>, 'children'>) {
  return <SelectField label="Update language" options={OPTIONS} {...props} />;
}

/** How the details views name a contact's update language. */
export const updateLanguageLabel = (language: UpdateLanguage | undefined) =>
  UPDATE_LANGUAGE_LABELS[language ?? 'hinglish'];

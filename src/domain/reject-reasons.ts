import type { Language } from './locales';

/**
 * Why the facility refuses a container, picked from a list at the check-in (POST /ops/rejections,
 * `reason_code`): the customer reads the reason in their own language, whatever the operator's.
 */
export const rejectReasonCodes = ['cracked', 'dirty', 'wrong_programme', 'label_unreadable'] as const;
export type RejectReasonCode = (typeof rejectReasonCodes)[number];

/** What the customer reads as the rejected scan's comment (the operator's own words follow, if any). */
export const rejectReasonTexts: Record<Language, Record<RejectReasonCode, string>> = {
  en: {
    cracked: 'The container is cracked or broken.',
    dirty: 'The container was returned too dirty to wash.',
    wrong_programme: 'This container belongs to another programme.',
    label_unreadable: 'The label could not be read.',
  },
  fr: {
    cracked: 'Le contenant est fêlé ou cassé.',
    dirty: 'Le contenant a été rendu trop sale pour être lavé.',
    wrong_programme: 'Ce contenant appartient à un autre programme.',
    label_unreadable: 'L’étiquette n’a pas pu être lue.',
  },
  ja: {
    cracked: '容器にひびや破損があります。',
    dirty: '容器の汚れがひどく、洗浄できません。',
    wrong_programme: 'この容器は別のプログラムのものです。',
    label_unreadable: 'ラベルを読み取れませんでした。',
  },
};

/** The comment a customer reads: the reason in their language, then the operator's note. */
export function rejectionText(language: Language, code: RejectReasonCode, note?: string): string {
  const preset = rejectReasonTexts[language][code];
  return note ? `${preset} ${note}` : preset;
}

import type { SupportedLocale } from './markets';

/**
 * Quebec French where it differs from France's, for the texts written once in French (mails) and as
 * the check of the fr-CA catalogues (src/app/locales/catalogues.test.ts): "courriel" for an email,
 * "service à la clientèle" for customer care, "jours ouvrables", "fin de semaine", "stationnement".
 * The wording of the Office québécois de la langue française; the rest of French is shared.
 */
const quebecWords: readonly (readonly [RegExp, string])[] = [
  [/\bl’adresse e[-‑]mail/g, 'l’adresse courriel'],
  [/\b([Aa])dresse e[-‑]mail/g, '$1dresse courriel'],
  [/\b([Uu])n e[-‑]mail\b/g, '$1n courriel'],
  [/\bl’e[-‑]mail\b/g, 'le courriel'],
  [/\bL’e[-‑]mail\b/g, 'Le courriel'],
  [/\bE[-‑]mails\b/g, 'Courriels'],
  [/\be[-‑]mails\b/g, 'courriels'],
  [/\bE[-‑]mail\b/g, 'Courriel'],
  [/\be[-‑]mail\b/g, 'courriel'],
  [/\b([Ss])ervice client\b/g, '$1ervice à la clientèle'],
  [/\bjours ouvrés\b/g, 'jours ouvrables'],
  [/\bweek-end(s?)\b/g, 'fin$1 de semaine'],
  [/\bparking\b/g, 'stationnement'],
];

export function quebecWording(text: string): string {
  return quebecWords.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** A French text in the words of the locale's region: Quebec's for fr-CA, unchanged for every other locale. */
export function regionalWording(locale: SupportedLocale, text: string): string {
  return locale === 'fr-CA' ? quebecWording(text) : text;
}

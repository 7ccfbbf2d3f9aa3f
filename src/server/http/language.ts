import type { FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, matchSupportedLocale, type Language } from '#domain/locales';
import { regionalWording } from '#domain/quebec-wording';

export function requestLanguage(request: FastifyRequest): Language {
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

/** A text in the words of the region the client asks for first: Canada's French for fr-CA (the app sends its locale). */
export function inRequestRegion(request: FastifyRequest, text: string): string {
  const first = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim();
  const locale = matchSupportedLocale(first);
  return locale ? regionalWording(locale, text) : text;
}

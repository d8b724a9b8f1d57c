import type { FastifyRequest } from 'fastify';
import { fromAcceptLanguage, type Locale } from '../../content/i18n/locales';

/**
 * The language a call is answered in (field errors of the schemas): its Accept-Language, which the browser sets
 * to the language the applicant chose (src/app/lib/secureFetch.ts); English without one.
 */
export const localeOf = (request: FastifyRequest): Locale => fromAcceptLanguage(request.headers['accept-language']);

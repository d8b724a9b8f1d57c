import useSWR from 'swr';
import type { ConfigDocument } from '../../../content/configDocument';
import type { Locale } from '../../../content/i18n/locales';
import { currentLocale, useLocale } from '../../i18n/localeStore';

export type AppConfig = ConfigDocument;

export interface ConfigParams {
  role?: 'customer' | 'agent';
  product?: string;
  /** The page's language unless given: the config's texts, lists and messages are in it. */
  locale?: Locale;
}

export function configKey({ role = 'customer', product, locale = currentLocale() }: ConfigParams = {}): string {
  const q = new URLSearchParams({ segment: 'sme', role });
  if (product) q.set('product', product);
  q.set('locale', locale);
  return `/api/config?${q}`;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function fetchConfig(url: string): Promise<AppConfig> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
    throw new HttpError(res.status, body?.errors?.map((e) => e.message).join('; ') || `Configuration could not be loaded (${res.status})`);
  }
  return (await res.json()) as AppConfig;
}

/** The config is loaded once per session (revalidated when the tab regains focus, cheap thanks to the ETag). */
export function useConfig(params: ConfigParams = {}) {
  const locale = useLocale();
  // keepPreviousData: a language switch keeps the page (and what was typed) while the other language's config loads.
  return useSWR<AppConfig, Error>(configKey({ locale, ...params }), fetchConfig, {
    keepPreviousData: true,
    revalidateOnFocus: true,
    revalidateIfStale: false,
    dedupingInterval: 60_000,
  });
}

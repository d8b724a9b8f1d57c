import useSWR from 'swr';
import type { ConfigDocument } from '../../../content/configDocument';

export type AppConfig = ConfigDocument;

export interface ConfigParams {
  role?: 'customer' | 'agent';
  product?: string;
}

export function configKey({ role = 'customer', product }: ConfigParams = {}): string {
  const q = new URLSearchParams({ segment: 'sme', role });
  if (product) q.set('product', product);
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
  return useSWR<AppConfig, Error>(configKey(params), fetchConfig, {
    revalidateOnFocus: true,
    revalidateIfStale: false,
    dedupingInterval: 60_000,
  });
}

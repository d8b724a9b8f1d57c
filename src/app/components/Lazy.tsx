import { Spinner } from '@fluentui/react-components';
import { Suspense, type ReactNode } from 'react';
import { useT } from '../i18n/useT';

/** Suspense boundary for a lazily loaded route (route-level code splitting). */
export function Lazy({ children }: { children: ReactNode }) {
  const t = useT();
  return <Suspense fallback={<Spinner label={t('common.loading')} style={{ marginTop: 64 }} />}>{children}</Suspense>;
}

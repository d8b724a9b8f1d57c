import { Spinner } from '@fluentui/react-components';
import { Suspense, type ReactNode } from 'react';

/** Suspense boundary for a lazily loaded route (route-level code splitting). */
export function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading" style={{ marginTop: 64 }} />}>{children}</Suspense>;
}

import { Spinner } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { writeInvite } from './otp';

export type RedirectKind = 'application' | 'comeback' | 'applicantinfo';

const TARGET: Record<RedirectKind, string> = {
  // An invitation link: the applicant starts a new application (choosing the account first when needed).
  application: '/business/ApplicantInfo',
  comeback: '/business/ComeBackLogin',
  applicantinfo: '/business/ApplicantInfo',
};

/**
 * The entry links sent to applicants (/business/application-redirect?invite=...&rocode=..., and the
 * come-back and applicant-info links): keeps the invitation token and RO code in this tab's session storage
 * (they go with the new application) and moves on without them in the address.
 */
export default function RedirectPage({ kind }: { kind: RedirectKind }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const inviteToken = params.get('invite') ?? params.get('inviteToken') ?? undefined;
    const roCode = params.get('rocode') ?? params.get('roCode') ?? undefined;
    if (inviteToken || roCode) writeInvite({ inviteToken: inviteToken ?? undefined, roCode: roCode ?? undefined });
    navigate(TARGET[kind], { replace: true });
  }, [kind, params, navigate]);
  return <Spinner label="Opening your application" />;
}

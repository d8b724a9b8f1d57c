import { useContext, useMemo } from 'react';
import { IntlContext } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Prospect } from '../application/contract';
import type { AppConfig } from '../config/useConfig';
import { stepsOfFields } from '../forms/errorSteps';

/**
 * The answers a notice is about (changed both here and elsewhere), each step named as a link that opens it, with
 * the titles of its answers. Loaded with the first such notice, not with every page (the journey's step lookup).
 */
export default function NoticeFields({ config, prospect, fields }: { config: AppConfig; prospect: Prospect | undefined; fields: readonly string[] }) {
  const locale = useContext(IntlContext)?.locale ?? 'en';
  const steps = useMemo(() => stepsOfFields(config, prospect, fields), [config, prospect, fields]);
  if (steps.length === 0) return null;
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  return (
    <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
      {steps.map((s) => (
        <li key={`${s.step}@${s.signatoryIndex ?? ''}`}>
          {s.href ? <Link to={s.href}>{s.title}</Link> : <strong>{s.title}</strong>}
          {s.messages.length > 0 ? `: ${list.format(s.messages)}` : ''}
        </li>
      ))}
    </ul>
  );
}

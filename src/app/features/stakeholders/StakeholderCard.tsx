import { Badge, Body1, Button, Caption1, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { Building20Regular, Delete20Regular, Edit20Regular, Person20Regular } from '@fluentui/react-icons';
import { memo } from 'react';
import { useStakeholdersT } from '../../i18n/useStakeholdersT';

const useStyles = makeStyles({
  // On a phone the actions go under the name instead of squeezing it ("Khalid M…").
  // Fluent's outline Card drawn by a plain box (role group, as Card's): Card brings tabster's focus management
  // (about 20 kB gzipped with its own code) for a card that is not interactive itself (its buttons are).
  card: {
    display: 'flex',
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM,
    position: 'relative',
    overflow: 'hidden',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorTransparentBackground,
    // The border as Card draws it: over the content, taking no room.
    '::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      pointerEvents: 'none',
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
      borderRadius: tokens.borderRadiusMedium,
    },
  },
  selected: { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  icon: { flexShrink: 0, color: tokens.colorNeutralForeground2 },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: '160px', minWidth: 0 },
  name: { overflowWrap: 'anywhere' },
  // "3 of 6 steps done" stays inside its pill on a narrow screen.
  badge: { height: 'auto', minHeight: '16px', whiteSpace: 'normal', textAlign: 'start' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexShrink: 0, flexWrap: 'wrap', justifyContent: 'flex-end' },
});

export interface StakeholderCardProps {
  id: string;
  /** 1-based position, for names of stakeholders not yet named ("Stakeholder 3"). */
  position: number;
  name: string;
  company: boolean;
  signatory: boolean;
  shareholder: boolean;
  percentage: number | undefined;
  done: number;
  total: number;
  /** 0-based index and title of the first step not completed (where Edit opens), while the flow is incomplete. */
  next: number;
  nextTitle: string | undefined;
  selected: boolean;
  onEdit(id: string, opener: HTMLButtonElement): void;
  onRemove(id: string, opener: HTMLButtonElement): void;
}

/** "Signatory · Shareholder 40 %": what the applicant decided about this stakeholder so far, in the page's language. */
export function roleText(
  { company, signatory, shareholder, percentage }: Pick<StakeholderCardProps, 'company' | 'signatory' | 'shareholder' | 'percentage'>,
  t: ReturnType<typeof useStakeholdersT>,
): string {
  const parts = [t(company ? 'stakeholders.company' : 'stakeholders.person')];
  if (signatory) parts.push(t('stakeholders.signatory'));
  if (shareholder || percentage !== undefined) parts.push(percentage !== undefined ? t('stakeholders.shareholderPercent', { percentage }) : t('stakeholders.shareholder'));
  return parts.join(' · ');
}

/**
 * One stakeholder in the list. Only primitive props, memoised: typing into the open stakeholder's form
 * re-renders its own card at most, never the other 49.
 */
export const StakeholderCard = memo(function StakeholderCard(props: StakeholderCardProps) {
  const styles = useStyles();
  const t = useStakeholdersT();
  const { id, position, company, done, total, next, nextTitle, selected, onEdit, onRemove } = props;
  const name = props.name || t('stakeholders.unnamed', { n: position });
  const complete = total > 0 && done >= total;
  // Naming the step (not "5 of 6 done") tells the applicant what Edit will open and what is still missing.
  const state = complete
    ? t('stakeholders.complete')
    : done === 0
      ? t('stakeholders.notStarted')
      : t('stakeholders.stepIncomplete', { n: next + 1, total, title: nextTitle ?? t('stakeholders.aStep') });
  return (
    <div role="group" className={mergeClasses(styles.card, selected && styles.selected)} aria-current={selected ? 'true' : undefined}>
      <span className={styles.icon} aria-hidden>
        {company ? <Building20Regular /> : <Person20Regular />}
      </span>
      <div className={styles.text}>
        {/* A name in Latin letters keeps its own direction inside an Arabic card (and "40 %" its place after it). */}
        <Text weight="semibold" className={styles.name}>
          <bdi dir={/[\u0600-\u06FF]/.test(name) ? undefined : 'ltr'}>{name}</bdi>
        </Text>
        <Body1>{roleText(props, t)}</Body1>
        <Caption1>
          <Badge className={styles.badge} appearance="tint" color={complete ? 'success' : 'informative'} size="small">
            {state}
          </Badge>
        </Caption1>
      </div>
      <div className={styles.actions}>
        <Button icon={<Edit20Regular />} aria-label={t('stakeholders.editNamed', { name })} aria-expanded={selected} onClick={(e) => onEdit(id, e.currentTarget)} data-stakeholder-edit={id}>
          {t('stakeholders.edit')}
        </Button>
        <Button icon={<Delete20Regular />} aria-label={t('stakeholders.removeNamed', { name })} onClick={(e) => onRemove(id, e.currentTarget)}>
          {t('stakeholders.remove')}
        </Button>
      </div>
    </div>
  );
});

import { Badge, Body1, Button, Caption1, Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { Building20Regular, Delete20Regular, Edit20Regular, Person20Regular } from '@fluentui/react-icons';
import { memo } from 'react';

const useStyles = makeStyles({
  // On a phone the actions go under the name instead of squeezing it ("Khalid M…").
  card: { display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, padding: tokens.spacingVerticalM },
  selected: { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  icon: { flexShrink: 0, color: tokens.colorNeutralForeground2 },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: '160px', minWidth: 0 },
  name: { overflowWrap: 'anywhere' },
  // "3 of 6 steps done" stays inside its pill on a narrow screen.
  badge: { height: 'auto', minHeight: '16px', whiteSpace: 'normal', textAlign: 'left' },
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

/** "Signatory · Shareholder 40 %": what the applicant decided about this stakeholder so far. */
export function roleText({ company, signatory, shareholder, percentage }: Pick<StakeholderCardProps, 'company' | 'signatory' | 'shareholder' | 'percentage'>): string {
  const parts = [company ? 'Company' : 'Person'];
  if (signatory) parts.push('Signatory');
  if (shareholder || percentage !== undefined) parts.push(percentage !== undefined ? `Shareholder ${percentage} %` : 'Shareholder');
  return parts.join(' · ');
}

/**
 * One stakeholder in the list. Only primitive props, memoised: typing into the open stakeholder's form
 * re-renders its own card at most, never the other 49.
 */
export const StakeholderCard = memo(function StakeholderCard(props: StakeholderCardProps) {
  const styles = useStyles();
  const { id, position, company, done, total, next, nextTitle, selected, onEdit, onRemove } = props;
  const name = props.name || `Stakeholder ${position}`;
  const complete = total > 0 && done >= total;
  // Naming the step (not "5 of 6 done") tells the applicant what Edit will open and what is still missing.
  const state = complete ? 'Complete' : done === 0 ? 'Not started' : `Step ${next + 1} of ${total}: ${nextTitle ?? 'a step'} is incomplete`;
  return (
    <Card className={mergeClasses(styles.card, selected && styles.selected)} aria-current={selected ? 'true' : undefined} appearance="outline">
      <span className={styles.icon} aria-hidden>
        {company ? <Building20Regular /> : <Person20Regular />}
      </span>
      <div className={styles.text}>
        <Text weight="semibold" className={styles.name}>
          {name}
        </Text>
        <Body1>{roleText(props)}</Body1>
        <Caption1>
          <Badge className={styles.badge} appearance="tint" color={complete ? 'success' : 'informative'} size="small">
            {state}
          </Badge>
        </Caption1>
      </div>
      <div className={styles.actions}>
        <Button icon={<Edit20Regular />} aria-label={`Edit ${name}`} aria-expanded={selected} onClick={(e) => onEdit(id, e.currentTarget)} data-stakeholder-edit={id}>
          Edit
        </Button>
        <Button icon={<Delete20Regular />} aria-label={`Remove ${name}`} onClick={(e) => onRemove(id, e.currentTarget)}>
          Remove
        </Button>
      </div>
    </Card>
  );
});

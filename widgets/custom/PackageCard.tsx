import { Badge, Button, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { PackageBenefit, ValuePackage } from '../FormContext';
import { useContext } from 'react';
import type { Locale } from '../../src/content/i18n/locales';
import { LazyWidgetLocale } from '../lib/lazyWidgetLocale';

const useStyles = makeStyles({
  // A plain box in the look of Fluent's (filled) Card, role group as Card's: Card and CardHeader brought tabster's
  // focus management (about 20 kB gzipped) for a card that is not interactive itself (its button and link are).
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  // CardHeader's row: the name, then the badge at the end.
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  footer: { marginTop: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

/**
 * The card's own words, in each language of the page (WidgetTexts.locale, handed over by lazyWidget). Kept in this lazy chunk, not in the app's
 * catalogue: that is in the entry chunk every page loads, for three words only the services step shows. The price
 * and badge words normally come with the content (products.json and its catalogue): these are the fallbacks.
 */
const WORDS: Record<Locale, { readMore: string; included: string; cost(amount: string): string }> = {
  en: { readMore: 'Read more', included: 'Included', cost: (amount) => `AED ${amount} per month` },
  ar: { readMore: 'اقرأ المزيد', included: 'مشمولة', cost: (amount) => `${amount} درهم إماراتي شهريًا` },
};

function Benefits({ items, islamic, className }: { items: PackageBenefit[]; islamic: boolean; className: string }) {
  return (
    <ul className={className}>
      {items.map((b, i) => (
        <li key={i}>
          <Text>{(islamic && b.textIslamic) || b.text}</Text>
          {b.items && b.items.length > 0 && <Benefits items={b.items} islamic={islamic} className={className} />}
        </li>
      ))}
    </ul>
  );
}

export interface PackageCardProps {
  pkg: ValuePackage;
  islamic: boolean;
  /** Text of the button: Selected / Select / Not Applicable. */
  buttonText: string;
  selected: boolean;
  /** Not applicable (foreign currencies only), or the form is disabled. */
  disabled: boolean;
  /** "Included" (starter PLUS) or "Upgrade available", shown as a badge. */
  badge?: string;
  included: boolean;
  readMoreUrl?: string;
  onClick: () => void;
}

/** One value package: name, benefits, read-more link, monthly cost and the select button. */
export function PackageCard({ pkg, islamic, buttonText, selected, disabled, badge, included, readMoreUrl, onClick }: PackageCardProps) {
  const styles = useStyles();
  const words = WORDS[useContext(LazyWidgetLocale)] ?? WORDS.en;
  // The content's words (products.json, translated by its catalogue); the widget's own in the page's language otherwise.
  const cost = included ? (pkg.includedLabel ?? words.included) : (pkg.costText ?? words.cost(String(pkg.cost)));
  return (
    <div role="group" className={styles.card}>
      <div className={styles.header}>
        <Text weight="semibold" className={styles.name}>
          {pkg.name}
        </Text>
        {badge && <Badge appearance="tint">{badge}</Badge>}
      </div>
      {pkg.optionList && <Benefits items={pkg.optionList} islamic={islamic} className={styles.list} />}
      {readMoreUrl && (
        <Link href={readMoreUrl} target="_blank" rel="noreferrer">
          {words.readMore}
        </Link>
      )}
      <div className={styles.footer}>
        <Text weight="semibold">{cost}</Text>
        <Button
          appearance={selected ? 'primary' : 'secondary'}
          aria-pressed={selected}
          aria-label={`${buttonText} ${pkg.name}`}
          disabled={disabled}
          onClick={onClick}
        >
          {buttonText}
        </Button>
      </div>
    </div>
  );
}

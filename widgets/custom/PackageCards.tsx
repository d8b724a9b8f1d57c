import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { type WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import type { FormContext, ValuePackage } from '../FormContext';
import {
  PACKAGE_DEFAULTS,
  accountTypeOf,
  canDeselect,
  foreignCurrencyOnly,
  includedPackage,
  linkFor,
  packageLabel,
  packageValue,
  type PackageOptions,
  type PackageState,
} from '../lib/packages';
import { PackageCard } from './PackageCard';
import { useRootContext } from '../lib/RootDataContext';

const useStyles = makeStyles({
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))', gap: tokens.spacingHorizontalL },
});

/**
 * Value package cards (RAKvalue PLUS / MAX) from formContext.products.packages (or ui:options.packages).
 * Buttons: 'Selected' / 'Select' / 'Not Applicable' (only foreign currencies chosen). Clicking the selected
 * card deselects it (stores ui:options.noneValue), except for the starter account, which must keep a package:
 * its PLUS is included (chosen by itself, badge "Included") and MAX is shown as an upgrade. Options as in
 * ssValueAddedServices.ui.json: noneValue, deselectable.unlessAccountType, includedFor, disabledWhenNoAed,
 * currenciesPath, foreignCurrencyNotice, labels.
 */
export function PackageCards(props: WidgetProps) {
  const styles = useStyles();
  const { id, value, registry, disabled, readonly, onChange } = props;
  const options = props.options as PackageOptions & { packages?: ValuePackage[]; emptyValue?: unknown };
  const context = useRootContext(registry.formContext as FormContext);
  const packages = options.packages ?? context.products?.packages ?? [];
  const accountType = accountTypeOf(context);
  const included = includedPackage(packages, accountType, options);
  const foreignOnly = foreignCurrencyOnly(context, options);
  const deselectable = canDeselect(accountType, options);
  const none = 'noneValue' in options ? options.noneValue : options.emptyValue;
  const labels = { ...PACKAGE_DEFAULTS.labels, ...options.labels };

  useEffect(() => {
    if (included && !foreignOnly && !value) onChange(included);
  }, [included, foreignOnly, value, onChange]);

  const stateOf = (v: string): PackageState => (foreignOnly ? 'notApplicable' : value === v ? 'selected' : 'select');
  const click = (v: string) => {
    if (stateOf(v) !== 'selected') onChange(v);
    else if (deselectable) onChange(none);
  };

  return (
    <div id={id} role="group" aria-labelledby={`${id}__label`}>
      {foreignOnly && <Text block>{options.foreignCurrencyNotice ?? PACKAGE_DEFAULTS.foreignCurrencyNotice}</Text>}
      <div className={styles.cards}>
        {packages.map((p) => {
          const v = packageValue(p);
          const state = stateOf(v);
          const isIncluded = v === included;
          return (
            <PackageCard
              key={v}
              pkg={p}
              islamic={context.islamic === true}
              buttonText={packageLabel(p, state, options)}
              selected={state === 'selected'}
              disabled={state === 'notApplicable' || !!disabled || !!readonly}
              included={isIncluded}
              badge={isIncluded ? labels.included : included ? (p.upgradeLabel ?? labels.upgrade) : undefined}
              readMoreUrl={linkFor(p.readMoreUrl, context.islamic === true)}
              onClick={() => click(v)}
            />
          );
        })}
      </div>
    </div>
  );
}

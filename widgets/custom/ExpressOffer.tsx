import { Button, Checkbox, Link, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import type { FormContext } from '../FormContext';
import { linkFor } from '../lib/packages';

export const EXPRESS_TEXTS = {
  // The spec's words where neither ui:options nor products.json give any (the content's come translated).
  yes: 'Yes',
  no: 'No, thanks',
  offer: 'Our priority service fast-tracks your application. Charge: AED 250 + VAT.',
  terms: 'Express Service terms and conditions',
  accept: 'I have read and accept the terms and conditions of Express Service',
  readFirst: 'It is important to read the terms and conditions of Express Service before you proceed.',
  acceptRequired: 'Please accept terms and conditions of Express Service',
  termsMissing: 'The terms and conditions of Express Service cannot be shown at the moment, so it cannot be chosen now.',
};

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // A link on its own line: as wide as its words (not the whole row, where a click beside them would open it) and
  // at least 24 px high (44 px on phones: the app's global styles), WCAG 2.5.8.
  terms: { alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', minHeight: '24px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * The Express Service offer (the page shows it for AED accounts only). The confirmation checkbox stays
 * disabled until the terms link was opened; trying it earlier shows the notice to read the terms. 'Yes' needs
 * the checkbox, 'No, thanks' does not; both call formContext.onExpressChoice. Texts and the terms URL come
 * from ui:options (termsUrl, yesLabel, noLabel, readTermsNotice), else formContext.products.express.
 * On a boolean field it stores the choice. On an object (the accountInfo item) it stores
 * {express, [ui:options.termsCheckbox]: accepted, ...ui:options.onYes when 'Yes'}, e.g. AED as currency.
 */
export function ExpressOffer(props: WidgetProps) {
  const styles = useStyles();
  const { id, value, options, registry, schema, disabled, readonly, onChange } = props;
  const context = registry.formContext as FormContext;
  const offer = context.products?.express ?? {};
  const isObject = schema.type === 'object';
  const record = (isObject && value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const valueField = str(options.valueField) ?? 'express';
  const termsField = str(options.termsCheckbox) ?? 'expressTandC';
  const chosen = isObject ? record[valueField] : value;
  const [opened, setOpened] = useState(chosen === true);
  const [accepted, setAccepted] = useState(chosen === true || record[termsField] === true);
  const [notice, setNotice] = useState(false);
  const [error, setError] = useState(false);
  const termsUrl = str(options.termsUrl) ?? linkFor(offer.termsUrl, context.islamic === true);
  // The fee's sentence is the content's (products.json express.feeLabel, translated with it): no English words here.
  const fee = offer.feeText && (offer.feeLabel ? offer.feeLabel.replace('{fee}', offer.feeText) : offer.feeText);
  const offerText = str(options.offerText) ?? ([offer.description, fee].filter(Boolean).join(' ') || EXPRESS_TEXTS.offer);
  const readFirst = str(options.readTermsNotice) ?? offer.readTermsNotice ?? EXPRESS_TEXTS.readFirst;
  // The confirmation's words are the schema's (its title, translated with the content: schemas/i18n).
  const acceptLabel = str((schema.properties?.[termsField] as { title?: unknown } | undefined)?.title) ?? EXPRESS_TEXTS.accept;

  const choose = (yes: boolean) => {
    if (yes && !accepted) return setError(true);
    setError(false);
    const onYes = (options.onYes ?? {}) as Record<string, unknown>;
    onChange(isObject ? { ...record, [valueField]: yes, [termsField]: yes ? true : record[termsField], ...(yes ? onYes : {}) } : yes);
    context.onExpressChoice?.(yes);
  };

  return (
    <div id={id} className={styles.box}>
      <Text block>{offerText}</Text>
      {/* Acceptance unlocks only once a real document was opened: without an address there is nothing to read. */}
      {termsUrl ? (
        <Link className={styles.terms} href={termsUrl} target="_blank" rel="noreferrer" onClick={() => setOpened(true)}>
          {offer.termsLinkLabel ?? EXPRESS_TEXTS.terms}
        </Link>
      ) : (
        <Text block>{offer.termsMissingNotice ?? EXPRESS_TEXTS.termsMissing}</Text>
      )}
      <div onClick={() => !opened && setNotice(true)}>
        <Checkbox
          id={`${id}__accept`}
          checked={accepted}
          aria-disabled={!opened || disabled || readonly ? true : undefined}
          label={acceptLabel}
          onChange={(_, data) => {
            if (!opened) return setNotice(true);
            if (disabled || readonly) return;
            setError(false);
            setAccepted(data.checked === true);
          }}
        />
      </div>
      {notice && !opened && (
        <MessageBar intent="warning">
          <MessageBarBody>{readFirst}</MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <Text role="alert" className={styles.error}>
          {offer.termsError ?? EXPRESS_TEXTS.acceptRequired}
        </Text>
      )}
      <div className={styles.buttons}>
        <Button appearance="primary" disabled={disabled || readonly} aria-pressed={chosen === true} onClick={() => choose(true)}>
          {str(options.yesLabel) ?? offer.acceptLabel ?? EXPRESS_TEXTS.yes}
        </Button>
        <Button disabled={disabled || readonly} aria-pressed={chosen === false} onClick={() => choose(false)}>
          {str(options.noLabel) ?? offer.declineLabel ?? EXPRESS_TEXTS.no}
        </Button>
      </div>
    </div>
  );
}

import { Radio, RadioGroup } from '@fluentui/react-components';
import type { BankingType, ProductsConfig } from './productsConfig';
import { useT } from '../../i18n/useT';

export interface BankingTypeSwitchProps {
  config: ProductsConfig;
  value: BankingType;
  onChange(value: BankingType): void;
}

/** The Conventional / Islamic switcher (spec 001 §1), labels from the config. */
export function BankingTypeSwitch({ config, value, onChange }: BankingTypeSwitchProps) {
  const t = useT();
  const types = config.landing.bankingTypes.length
    ? config.landing.bankingTypes
    : [
        { value: 'conventional' as const, label: 'Conventional' },
        { value: 'islamic' as const, label: 'Islamic' },
      ];
  return (
    <RadioGroup layout="horizontal" aria-label={t('accounts.bankingType')} value={value} onChange={(_, d) => onChange(d.value as BankingType)}>
      {types.map((type) => (
        <Radio key={type.value} value={type.value} label={type.label} />
      ))}
    </RadioGroup>
  );
}

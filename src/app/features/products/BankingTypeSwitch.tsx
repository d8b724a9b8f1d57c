import { Radio, RadioGroup } from '@fluentui/react-components';
import type { BankingType, ProductsConfig } from './productsConfig';

export interface BankingTypeSwitchProps {
  config: ProductsConfig;
  value: BankingType;
  onChange(value: BankingType): void;
}

/** The Conventional / Islamic switcher (spec 001 §1), labels from the config. */
export function BankingTypeSwitch({ config, value, onChange }: BankingTypeSwitchProps) {
  const types = config.landing.bankingTypes.length
    ? config.landing.bankingTypes
    : [
        { value: 'conventional' as const, label: 'Conventional' },
        { value: 'islamic' as const, label: 'Islamic' },
      ];
  return (
    <RadioGroup layout="horizontal" aria-label="Banking type" value={value} onChange={(_, d) => onChange(d.value as BankingType)}>
      {types.map((t) => (
        <Radio key={t.value} value={t.value} label={t.label} />
      ))}
    </RadioGroup>
  );
}

import { Text, tokens } from '@fluentui/react-components';
import type { DescriptionFieldProps } from '@rjsf/utils';

/** Text under a section heading (ui:description, or a nested object's description). */
export function DescriptionField({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Text id={id} block size={300} style={{ color: tokens.colorNeutralForeground2 }}>
      {description}
    </Text>
  );
}

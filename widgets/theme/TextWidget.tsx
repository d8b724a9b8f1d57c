import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** Text, e-mail, phone and number fields: rendered by the theme's BaseInputTemplate. */
export function TextWidget(props: WidgetProps) {
  const { options, registry } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  return <BaseInputTemplate {...props} />;
}

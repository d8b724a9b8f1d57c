import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { getSubmitButtonOptions, type SubmitButtonProps } from '@rjsf/utils';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalL },
});

/** The form's submit button: Fluent primary, text and props from ui:submitButtonOptions. */
export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const styles = useStyles();
  const { submitText, norender, props: buttonProps = {} } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  const { disabled, className } = buttonProps as { disabled?: boolean; className?: string };
  return (
    <div className={styles.bar}>
      <Button type="submit" appearance="primary" disabled={disabled} className={className}>
        {submitText}
      </Button>
    </div>
  );
}

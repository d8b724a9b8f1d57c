import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { TitleFieldProps } from '@rjsf/utils';

const useStyles = makeStyles({
  title: { display: 'block', padding: 0, marginBottom: tokens.spacingVerticalXS },
  required: { color: tokens.colorPaletteRedForeground3, paddingInlineStart: tokens.spacingHorizontalXXS },
});

/** Heading of a section (an object with a title) or a list; none for a blank title (ui:title " "), not even the required marker. */
export function TitleField({ id, title, required }: TitleFieldProps) {
  const styles = useStyles();
  if (!title?.trim()) return null;
  return (
    <legend className={styles.title}>
      <Text as="h3" id={id} size={500} weight="semibold">
        {title}
        {required && (
          <span aria-hidden="true" className={styles.required}>
            *
          </span>
        )}
      </Text>
    </legend>
  );
}

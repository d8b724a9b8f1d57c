import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { buttonId, getUiOptions, type ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { useContext } from 'react';
import { uiLogicOf } from '../lib/showWhen';
import { useWidgetTexts, type WidgetTexts } from '../lib/WidgetTexts';
import { ArrayTitleContext } from './ArrayFieldTemplate';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    // On a phone the button goes above the row's fields (at the end of the line) instead of beside them: beside,
    // it left the fields 110 px at 320 px ('Type to se' in a passport's searchable list).
    '@media (max-width: 499px)': { flexDirection: 'column-reverse', alignItems: 'stretch', gap: tokens.spacingVerticalXS },
  },
  content: { flexGrow: 1, minWidth: 0 },
  // The button keeps its width (icon and word); the row's content gives way instead (it wraps).
  remove: { flexShrink: 0, '@media (max-width: 499px)': { alignSelf: 'flex-end' } },
});

/**
 * What a row is called in its remove button's name: the item's title ("Passport"), or the list's when items have
 * none ("Mailing address"); in English mid-sentence, lower case unless an acronym ("Remove passport 2", "Remove POA 1").
 */
export function rowName(itemTitle: unknown, listTitle: string, texts: Pick<WidgetTexts, 'locale'>): string {
  const name = (typeof itemTitle === 'string' && itemTitle.trim()) || listTitle.trim();
  return texts.locale === 'en' && /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
}

/**
 * One row of a list with its remove button. Rows are not reordered or copied in this application, so only
 * the remove button is offered. It is hidden while the list has no more rows than ui:options.minRows
 * (default 1: "delete appears only when two exist"; a list that may be empty sets minRows 0). With
 * ui:logic.array.keepOne the last row can be deleted too: the list template then puts one empty row back.
 */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const texts = useWidgetTexts();
  const styles = useStyles();
  const { children, buttonsProps, index, totalItems, parentUiSchema, disabled, readonly, schema } = props;
  const listTitle = useContext(ArrayTitleContext);
  const parentOptions = getUiOptions(parentUiSchema);
  const minRows = uiLogicOf(parentUiSchema)?.array?.keepOne === true ? 0 : Number(parentOptions.minRows ?? 1);
  const canRemove = buttonsProps.hasRemove && totalItems > minRows && parentOptions.removable !== false;
  const removeText = typeof parentOptions.removeButtonText === 'string' ? parentOptions.removeButtonText : texts.remove;

  return (
    <div className={styles.row}>
      <div className={styles.content}>{children}</div>
      {canRemove && (
        <Button
          id={buttonId(buttonsProps.fieldPathId, 'remove')}
          appearance="subtle"
          className={styles.remove}
          icon={<DeleteRegular />}
          // Named by what it removes ("Remove passport 2"); the visible word starts the name (WCAG 2.5.3).
          aria-label={removeText === texts.remove ? texts.removeItem(rowName(schema.title, listTitle, texts), index + 1) : `${removeText} ${index + 1}`}
          disabled={disabled || readonly}
          onClick={buttonsProps.onRemoveItem}
        >
          {removeText}
        </Button>
      )}
    </div>
  );
}

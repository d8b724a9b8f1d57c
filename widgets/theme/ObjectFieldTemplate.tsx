import { makeStyles, tokens } from '@fluentui/react-components';
import { canExpand, descriptionId, getTemplate, getUiOptions, titleId, type ObjectFieldTemplateProps, type UiSchema } from '@rjsf/utils';
import { useContext } from 'react';
import { ParentDataContext } from '../lib/ParentDataContext';
import { RootDataContext } from '../lib/RootDataContext';
import { isShown } from '../lib/showWhen';
import { FormLogicContext } from '../lib/FormLogicContext';

const useStyles = makeStyles({
  section: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    alignItems: 'start',
  },
  wide: { gridColumn: '1 / -1' },
});

/** Properties that take the whole row: nested sections, arrays, text areas, cards, or ui:options.fullWidth. */
function isWide(schema: ObjectFieldTemplateProps['schema'], uiSchema: ObjectFieldTemplateProps['uiSchema'], name: string): boolean {
  const prop = (schema.properties?.[name] ?? {}) as { type?: unknown };
  const options = getUiOptions(uiSchema?.[name]);
  const wideWidgets = ['textarea', 'TextareaWidget', 'PackageCards', 'ExpressOffer', 'Upload', 'MultiListSelect'];
  if (options.fullWidth !== undefined) return Boolean(options.fullWidth);
  if (typeof options.widget === 'string' && wideWidgets.includes(options.widget)) return true;
  return (prop.type === 'object' || prop.type === 'array') && options.widget === undefined;
}

/**
 * A section of the form. An object whose title is empty ("title": "" in the step schemas) only groups its
 * properties; otherwise it gets a heading. Properties sit on a responsive grid (one column on phones), and
 * the object's data is provided to its fields as their parent (ParentDataContext). A field with
 * ui:logic.visibleWhen is shown only while its condition holds (widgets/lib/showWhen.ts).
 */
/**
 * ui:options.titleWith: paths ("a/b") into the object's data, the first filled one names it in the heading
 * ("EID ping: Layla Haddad"), so the entries of a list the reader cannot add or remove (one per stakeholder)
 * say whose they are. The name is isolated (FSI/PDI) so a Latin name keeps its order inside an Arabic title.
 */
function withName(heading: string, titleWith: unknown, data: unknown): string {
  if (!heading || !Array.isArray(titleWith)) return heading;
  for (const path of titleWith) {
    if (typeof path !== 'string') continue;
    const value = path.split('/').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
    if (typeof value === 'string' && value.trim()) return `${heading}: \u2068${value.trim()}\u2069`;
  }
  return heading;
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const styles = useStyles();
  const { description, disabled, formData, fieldPathId, onAddProperty, properties, readonly, registry, required, schema, title, uiSchema } = props;
  const options = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  const { AddButton } = registry.templates.ButtonTemplates;
  const isRoot = fieldPathId.path.length === 0;
  const rootData = useContext(RootDataContext);
  // The page's evaluation of the whole document decides when there is one (the same that drops and skips
  // validating hidden answers); otherwise the condition is evaluated here.
  const logic = useContext(FormLogicContext);
  const shown = (name: string) =>
    logic ? !logic.hidden.has(`${fieldPathId.$id}_${name}`) : isShown(uiSchema?.[name] as UiSchema | undefined, formData, rootData, fieldPathId.path);
  // A step's root description documents the schema for product staff; the form shows ui:description only.
  const shownDescription = isRoot ? options.description : description;
  const heading = withName(options.hideTitle ? '' : ((options.title as string | undefined) ?? (schema.title === '' ? '' : title)), options.titleWith, formData);

  return (
    <fieldset id={fieldPathId.$id} className={styles.section}>
      {heading.trim() && (
        <TitleFieldTemplate id={titleId(fieldPathId)} title={heading} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />
      )}
      {shownDescription && (
        <DescriptionFieldTemplate id={descriptionId(fieldPathId)} description={shownDescription} schema={schema} uiSchema={uiSchema} registry={registry} />
      )}
      <ParentDataContext.Provider value={(formData ?? {}) as Record<string, unknown>}>
        <div className={styles.grid}>
          {properties
            .filter((p) => !p.hidden && shown(p.name))
            .map((p) => (
              <div key={p.name} className={isWide(schema, uiSchema, p.name) ? styles.wide : undefined}>
                {p.content}
              </div>
            ))}
        </div>
        {properties.filter((p) => p.hidden).map((p) => p.content)}
      </ParentDataContext.Provider>
      {canExpand(schema, uiSchema, formData) && (
        <AddButton id={`${fieldPathId.$id}__add`} onClick={onAddProperty} disabled={disabled || readonly} uiSchema={uiSchema} registry={registry} />
      )}
    </fieldset>
  );
}

import { canonicalJson } from '../../content/contentHash';
import type { ContentFiles } from '../../content/contentTypes';
import type { Change, FileDiff } from './diff';
import { describeText } from '../../content/i18n/draftTranslations';

/** One change of a diff in plain language: where (step or list), which field, what ("max length 50 → 40"). */
export interface ReadableChange {
  /** The step's or list's title (its file name when it has none). */
  where: string;
  /** The field's label, or the list option's label. */
  field?: string;
  kind: 'added' | 'removed' | 'changed' | 'renamed' | 'moved';
  text: string;
  /** The file and JSON pointer it comes from (for experts). */
  path: string;
  pointer: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const unesc = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const split = (pointer: string) => (pointer ? pointer.split('/').slice(1).map(unesc) : []);

const KEYWORDS: Record<string, string> = {
  title: 'label',
  description: 'help text',
  maxLength: 'max length',
  minLength: 'min length',
  maximum: 'maximum',
  minimum: 'minimum',
  pattern: 'pattern',
  type: 'type',
  enum: 'choices',
  format: 'format',
  default: 'default',
  'x-list': 'list',
  'x-trimmed': 'message when it starts or ends with a space',
  'ui:placeholder': 'placeholder',
  'ui:help': 'help text',
  'ui:title': 'label',
  'ui:widget': 'kind of input',
  'ui:order': 'order of the fields',
  'ui:logic': 'logic',
  'ui:options': 'display options',
};
const ERROR_KEYWORDS: Record<string, string> = {
  maxLength: 'message when too long',
  minLength: 'message when too short or empty',
  pattern: 'message when the format is wrong',
  required: 'message when not filled',
  maximum: 'message when too large',
  minimum: 'message when too small',
  type: 'message when of the wrong kind',
  enum: 'message when not one of the choices',
};

/** The same words in Arabic (the studio in Arabic asks with Accept-Language: ar); the fields' and steps' names stay the content's. */
const KEYWORDS_AR: Record<string, string> = {
  title: 'التسمية',
  description: 'النص التوضيحي',
  maxLength: 'الحد الأقصى للطول',
  minLength: 'الحد الأدنى للطول',
  maximum: 'القيمة القصوى',
  minimum: 'القيمة الدنيا',
  pattern: 'النمط',
  type: 'النوع',
  enum: 'الخيارات',
  format: 'الصيغة',
  default: 'القيمة الافتراضية',
  'x-list': 'القائمة',
  'x-trimmed': 'الرسالة عند البدء أو الانتهاء بمسافة',
  'ui:placeholder': 'النص الإرشادي داخل الحقل',
  'ui:help': 'النص التوضيحي',
  'ui:title': 'التسمية',
  'ui:widget': 'نوع الإدخال',
  'ui:order': 'ترتيب الحقول',
  'ui:logic': 'المنطق',
  'ui:options': 'خيارات العرض',
};
const ERROR_KEYWORDS_AR: Record<string, string> = {
  maxLength: 'الرسالة عند تجاوز الطول',
  minLength: 'الرسالة عند القِصَر أو الفراغ',
  pattern: 'الرسالة عند خطأ الصيغة',
  required: 'الرسالة عند عدم التعبئة',
  maximum: 'الرسالة عند تجاوز القيمة القصوى',
  minimum: 'الرسالة عند النقص عن القيمة الدنيا',
  type: 'الرسالة عند نوع غير صحيح',
  enum: 'الرسالة عند اختيار غير مدرج',
};

/** The sentences of a change, per language. */
const PHRASES = {
  en: {
    keywords: KEYWORDS,
    errorKeywords: ERROR_KEYWORDS,
    messageFor: (key: string) => `message for ${key}`,
    messages: 'messages',
    logic: (key: string) => `logic (${key})`,
    displayOption: (key: string) => `display option ${key}`,
    field: 'field',
    nowRequired: 'now required',
    noLongerRequired: 'no longer required',
    displayRemoved: 'display settings removed',
    displayAdded: 'display settings added',
    removed: 'removed',
    added: 'added',
    valueAdded: (what: string, value: string) => `${what} ${value} added`,
    valueRemoved: (what: string, value: string) => `${what} ${value} removed`,
    nothing: 'nothing',
    list: (name: string) => `List ${name}`,
    moved: (from: number, to: number) => `moved from position ${from} to ${to}`,
    addedAt: (at: number) => `added at position ${at}`,
    renamed: 'renamed',
    fileStatus: (kind: 'display' | 'step' | 'file', status: string) => `${kind === 'display' ? 'display settings' : kind} ${status}`,
    language: (code: string) => ({ ar: 'Arabic' })[code] ?? code,
    translationOf: (language: string, text: string) => `${language} of ${text}`,
    textsOf: (language: string, file: string) => `${language} texts${file ? ` of ${file}` : ''}`,
  },
  ar: {
    keywords: KEYWORDS_AR,
    errorKeywords: ERROR_KEYWORDS_AR,
    messageFor: (key: string) => `الرسالة الخاصة بـ ${key}`,
    messages: 'الرسائل',
    logic: (key: string) => `المنطق (${key})`,
    displayOption: (key: string) => `خيار العرض ${key}`,
    field: 'الحقل',
    nowRequired: 'أصبح إلزاميًا',
    noLongerRequired: 'لم يعد إلزاميًا',
    displayRemoved: 'أُزيلت إعدادات العرض',
    displayAdded: 'أُضيفت إعدادات العرض',
    removed: 'أُزيل',
    added: 'أُضيف',
    valueAdded: (what: string, value: string) => `أُضيف ${what} ${value}`,
    valueRemoved: (what: string, value: string) => `أُزيل ${what} ${value}`,
    nothing: 'لا شيء',
    list: (name: string) => `القائمة ${name}`,
    moved: (from: number, to: number) => `نُقل من الموضع ${from} إلى الموضع ${to}`,
    addedAt: (at: number) => `أُضيف في الموضع ${at}`,
    renamed: 'أُعيدت تسميته',
    fileStatus: (kind: 'display' | 'step' | 'file', status: string) =>
      `${{ display: 'إعدادات العرض', step: 'الخطوة', file: 'الملف' }[kind]}: ${{ added: 'أُضيفت', removed: 'أُزيلت', changed: 'تغيّرت' }[status] ?? status}`,
    language: (code: string) => ({ ar: 'العربية', en: 'الإنجليزية' })[code] ?? code,
    translationOf: (language: string, text: string) => `النص ب${language} لـ ${text}`,
    textsOf: (language: string, file: string) => `النصوص ب${language}${file ? ` في ${file}` : ''}`,
  },
};
type Phrases = (typeof PHRASES)['en'];
let words_: Phrases = PHRASES.en;

const show = (v: unknown) => (v === undefined ? words_.nothing : typeof v === 'string' ? `"${v}"` : canonicalJson(v));

function words(key: string): string {
  const w = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function keywordText(rest: string[]): string {
  if (rest[0] === 'errorMessage' && rest[1]) return words_.errorKeywords[rest[1]] ?? words_.messageFor(words(rest[1]).toLowerCase());
  if (rest[0] === 'errorMessage') return words_.messages;
  if (rest[0] === 'ui:logic' && rest[1]) return words_.logic(words(rest[1]).toLowerCase());
  if (rest[0] === 'ui:options' && rest[1]) return words_.displayOption(words(rest[1]).toLowerCase());
  return rest[0] ? (words_.keywords[rest[0]] ?? words(rest[0]).toLowerCase()) : words_.field;
}

/** The node of a schema at a field path (properties / items), and its title. */
function schemaNode(schema: unknown, fields: string[]): Obj | undefined {
  let node: unknown = schema;
  for (const f of fields) node = f === '*' ? (isObj(node) ? node.items : undefined) : isObj(node) && isObj(node.properties) ? node.properties[f] : undefined;
  return isObj(node) ? node : undefined;
}

function stepTitle(files: ContentFiles, step: string): string {
  const flows = files['flows.json'];
  if (isObj(flows)) {
    for (const flow of Object.values(flows)) {
      const steps = isObj(flow) && Array.isArray(flow.steps) ? flow.steps : [];
      for (const s of steps) if (isObj(s) && s.step === step && typeof s.title === 'string' && s.title) return s.title;
    }
  }
  const schema = files[`steps/${step}.schema.json`];
  return isObj(schema) && typeof schema.title === 'string' && schema.title ? schema.title : words(step);
}

/** A field's label in either version: its title, else its key in words. */
function labelOf(from: ContentFiles, to: ContentFiles, schemaPath: string, fields: string[]): string {
  for (const files of [to, from]) {
    const title = schemaNode(files[schemaPath], fields)?.title;
    if (typeof title === 'string' && title) return title;
  }
  return words(fields.filter((f) => f !== '*').at(-1) ?? schemaPath);
}

const optionLabel = (option: unknown) => (isObj(option) ? `${typeof option.label === 'string' ? option.label : ''} (${String(option.value)})`.trim() : show(option));

/** A schema or UI-schema change of a step, per field. */
function stepChange(from: ContentFiles, to: ContentFiles, path: string, step: string, ui: boolean, change: Change): ReadableChange[] {
  const where = stepTitle(to, step) ?? step;
  const schemaPath = `steps/${step}.schema.json`;
  const parts = split(change.pointer);
  const fields: string[] = [];
  let rest: string[] = [];
  if (ui) {
    const at = parts.findIndex((p) => p.startsWith('ui:'));
    fields.push(...(at < 0 ? parts : parts.slice(0, at)));
    rest = at < 0 ? [] : parts.slice(at);
  } else {
    let i = 0;
    while (i < parts.length) {
      if (parts[i] === 'properties' && parts[i + 1] !== undefined) {
        fields.push(parts[i + 1]!);
        i += 2;
      } else if (parts[i] === 'items') {
        fields.push('*');
        i += 1;
      } else break;
    }
    rest = parts.slice(i);
  }
  const base = { where, path, pointer: change.pointer };
  if (!ui && rest[0] === 'required' && rest.length <= 2) {
    // Required is a set: name the fields that became required or optional.
    const before = (schemaNode(from[schemaPath], fields)?.required as unknown[] | undefined) ?? [];
    const after = (schemaNode(to[schemaPath], fields)?.required as unknown[] | undefined) ?? [];
    const out: ReadableChange[] = [];
    for (const key of after.filter((k) => !before.includes(k))) out.push({ ...base, field: labelOf(from, to, schemaPath, [...fields, String(key)]), kind: 'changed', text: words_.nowRequired });
    for (const key of before.filter((k) => !after.includes(k))) out.push({ ...base, field: labelOf(from, to, schemaPath, [...fields, String(key)]), kind: 'changed', text: words_.noLongerRequired });
    return out;
  }
  // A message of one required field, kept on its parent (errorMessage.required.<key>), belongs to that field.
  if (!ui && rest[0] === 'errorMessage' && rest[1] === 'required' && rest[2] !== undefined) {
    fields.push(rest[2]);
    rest = ['errorMessage', 'required'];
  }
  const field = fields.length ? labelOf(from, to, ui ? schemaPath : path, fields) : where;
  if (rest.length === 0 && fields.length) {
    if (change.after === undefined) return [{ ...base, field, kind: 'removed', text: ui ? words_.displayRemoved : words_.removed }];
    if (change.before === undefined) return [{ ...base, field, kind: 'added', text: ui ? words_.displayAdded : words_.added }];
  }
  const what = keywordText(rest);
  if (change.before === undefined) return [{ ...base, field, kind: 'added', text: words_.valueAdded(what, show(change.after)) }];
  if (change.after === undefined) return [{ ...base, field, kind: 'removed', text: words_.valueRemoved(what, show(change.before)) }];
  return [{ ...base, field, kind: 'changed', text: `${what} ${show(change.before)} → ${show(change.after)}` }];
}

/** A reference-list change, per option: added, removed, renamed or moved. */
function listChange(to: ContentFiles, from: ContentFiles, path: string, change: Change): ReadableChange {
  const file = (isObj(to[path]) ? to[path] : from[path]) as Obj | undefined;
  const where = words_.list(typeof file?.title === 'string' && file.title ? file.title : path.slice(6, -5));
  const parts = split(change.pointer);
  const base = { where, path, pointer: change.pointer };
  if (parts[0] === 'options' && parts[1] !== undefined) {
    const index = Number(parts[1]);
    if (parts.length === 2) {
      if (change.movedFrom !== undefined) return { ...base, field: optionLabel(change.after), kind: 'moved', text: words_.moved(change.movedFrom + 1, index + 1) };
      if (change.before === undefined) return { ...base, field: optionLabel(change.after), kind: 'added', text: words_.addedAt(index + 1) };
      if (change.after === undefined) return { ...base, field: optionLabel(change.before), kind: 'removed', text: words_.removed };
    }
    const options = isObj(to[path]) && Array.isArray((to[path] as Obj).options) ? ((to[path] as Obj).options as unknown[]) : [];
    const option = optionLabel(options[index]);
    if (parts[2] === 'label' && parts.length === 3) return { ...base, field: option, kind: 'renamed', text: `${words_.renamed} ${show(change.before)} → ${show(change.after)}` };
    return { ...base, field: option, kind: 'changed', text: `${words(parts.slice(2).join(' ')).toLowerCase()} ${show(change.before)} → ${show(change.after)}` };
  }
  return { ...base, kind: 'changed', text: `${keywordText(parts)} ${show(change.before)} → ${show(change.after)}` };
}


/** A translation's change in words: the step (or list) it belongs to, the text it translates, before and after. */
function catalogueChange(to: ContentFiles, path: string, change: Change): ReadableChange {
  const language = words_.language(path.slice(5, 7));
  const [section, file = '', inner, ...rest] = split(change.pointer);
  const step = /^steps\/([A-Za-z0-9]+)\.(schema|ui)\.json$/.exec(file);
  const where = section === 'texts' && step ? stepTitle(to, step[1]!) : section === 'lists' && file ? words_.list(file) : file || path;
  const text =
    section === 'texts' && inner !== undefined && rest.length === 0
      ? `${words_.translationOf(language, describeText(file, inner).replace(/ \([^)]*\)$/, ''))}: ${show(change.before)} → ${show(change.after)}`
      : `${words_.textsOf(language, file)}: ${show(change.before)} → ${show(change.after)}`;
  return { where, kind: change.before === undefined ? 'added' : change.after === undefined ? 'removed' : 'changed', text, path, pointer: change.pointer };
}

/** The diff of two versions (or a draft and its base) in plain language, per step and field, lists by option; in the asker's language. */
export function describeDiff(from: ContentFiles, to: ContentFiles, files: FileDiff[], locale: 'en' | 'ar' = 'en'): ReadableChange[] {
  words_ = PHRASES[locale];
  try {
    return describeFiles(from, to, files);
  } finally {
    words_ = PHRASES.en;
  }
}

function describeFiles(from: ContentFiles, to: ContentFiles, files: FileDiff[]): ReadableChange[] {
  const out: ReadableChange[] = [];
  for (const file of files) {
    const step = /^steps\/([A-Za-z0-9]+)\.(schema|ui)\.json$/.exec(file.path);
    if (file.status !== 'changed') {
      const where = step ? stepTitle(file.status === 'added' ? to : from, step[1]!) : file.path;
      out.push({ where, kind: file.status, text: words_.fileStatus(step ? (step[2] === 'ui' ? 'display' : 'step') : 'file', file.status), path: file.path, pointer: '' });
      continue;
    }
    for (const change of file.changes) {
      if (step) out.push(...stepChange(from, to, file.path, step[1]!, step[2] === 'ui', change));
      else if (file.path.startsWith('lists/')) out.push(listChange(to, from, file.path, change));
      else if (/^i18n\/[a-z]{2}\.json$/.test(file.path)) out.push(catalogueChange(to, file.path, change));
      else out.push({ where: file.path, kind: 'changed', text: `${change.pointer || 'whole file'}: ${show(change.before)} → ${show(change.after)}`, path: file.path, pointer: change.pointer });
    }
  }
  return out;
}

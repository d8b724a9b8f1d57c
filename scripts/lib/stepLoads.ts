/**
 * What each form step loads beside its page's code (issue 16: a step ≤ 300 kB gzipped in all), for the build's
 * route report (scripts/lib/routeSizes.ts `stepTotals`): the step's validator modules as the server serves them
 * for the content of schemas/ (gzipped, in the larger of English and Arabic), whether they need the x-phone rule's
 * libphonenumber, and the lazily loaded widgets its UI schema names (the searchable lists, the text area, the upload...).
 */
import { compileContent, localizedContent } from '../../src/content/compiledContent';
import { buildConfigDocument } from '../../src/content/configDocument';
import type { Role } from '../../src/content/contentTypes';
import { LOCALES } from '../../src/content/i18n/locales';
import { readContentDir } from '../../src/content/readContentDir';
import { usesPhone, validatorModule } from '../../src/server/content/validatorModules';
import { gzipSync } from 'node:zlib';
import { DIAL_CODE_LIST } from '../../src/validation/lists';
import { phoneMetadata } from '../../src/validation/phoneMetadata';
import { phoneMetadataSubset } from '../../src/validation/phoneMetadataSubset';
import { phoneMetadataKey } from '../../src/validation/phoneRule';
import { STAKEHOLDER_LIST_MODULE } from '../../src/validation/standalone';
import type { StepLoad } from './routeSizes';

/**
 * The form pages, the role whose config they show and the validator modules each of their steps imports
 * (src/app/features/journey/routes.tsx and agent/routes.tsx; each page's `useStepValidator` call).
 */
export const FORM_ROUTES: { route: string; role: Role; flows?: string[]; steps?: string[]; withList?: boolean }[] = [
  { route: 'forms/FlowPage', role: 'customer', flows: ['companyInfo', 'finalQuestionsCompany', 'finalQuestionsSignatory', 'selectServices'] },
  { route: 'stakeholders/StakeholdersPage', role: 'customer', flows: ['stakeholderPerson', 'stakeholderCompany'], withList: true },
  { route: 'journey/CodeRequestPage', role: 'customer', steps: ['applicantInfo', 'comeBackLogin'] },
  { route: 'agent/AgentLoginPage', role: 'agent', steps: ['agentLogin'] },
  { route: 'agent/SearchProspectPage', role: 'agent', steps: ['agentSearch'] },
  { route: 'agent/InviteCustomerPage', role: 'agent', steps: ['agentInvite'] },
  { route: 'agent/AgentServicesPage', role: 'agent', flows: ['selectServices'] },
];

/**
 * The chunk each lazily loaded widget of widgets/index.ts (`LAZY`, by `ui:widget` name) comes in, by its module's
 * route name: MultiListSelect counted with its searchable list (it loads it for a list longer than its checkboxes).
 */
export const LAZY_WIDGET_CHUNKS: Record<string, string> = {
  LargeListSelect: 'widgets/custom/LargeListSelect',
  MultiListSelect: 'widgets/custom/MultiListCombobox',
  PackageCards: 'widgets/custom/PackageCards',
  textarea: 'widgets/theme/TextareaWidget',
  TextareaWidget: 'widgets/theme/TextareaWidget',
  Upload: 'widgets/custom/Upload',
  ExpressOffer: 'widgets/custom/ExpressOffer',
};
/** The chunk of the x-phone rule's runtime (src/validation/phoneBrowser.ts), loaded beside a module that needs it. */
export const PHONE_CHUNK = 'src/validation/phoneBrowser';
/**
 * libphonenumber-js/core's isPossiblePhoneNumber (src/validation/phonePossible.ts), which phoneBrowser.ts loads
 * with the metadata of a dialling code other than the
 * UAE's (the UAE's rule is by length): counted with every step that has an x-phone, as its metadata is (the largest
 * of the dialling-code list's, as served), since an applicant may choose any code.
 */
export const LIBPHONENUMBER_CHUNK = 'src/validation/phonePossible';

/** The gzipped bytes of the largest phone metadata the browser may load for a code of the list (GET /api/phone-metadata). */
export function largestPhoneMetadataBytes(codes: readonly string[]): { key: string; gzipBytes: number } {
  let largest = { key: '', gzipBytes: 0 };
  for (const key of new Set(codes.map(phoneMetadataKey))) {
    if (key === undefined) continue;
    const gzipBytes = gzipSync(JSON.stringify(phoneMetadataSubset(phoneMetadata, key)), { level: 9 }).length;
    if (gzipBytes > largest.gzipBytes) largest = { key, gzipBytes };
  }
  return largest;
}

function widgetsOf(uiSchema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(uiSchema)) uiSchema.forEach((n) => widgetsOf(n, into));
  else if (uiSchema !== null && typeof uiSchema === 'object') {
    for (const [key, value] of Object.entries(uiSchema)) {
      if (key === 'ui:widget' && typeof value === 'string') {
        if (LAZY_WIDGET_CHUNKS[value]) into.add(LAZY_WIDGET_CHUNKS[value]);
      } else widgetsOf(value, into);
    }
  }
  return into;
}

/** Every step of every form route with what it loads beside the page's code. */
export async function formStepLoads(): Promise<StepLoad[]> {
  const english = compileContent(await readContentDir());
  const sizes = new Map<string, { gzipBytes: number; phone: boolean }>();
  const moduleOf = async (role: Role, name: string) => {
    const key = `${role}/${name}`;
    let size = sizes.get(key);
    if (!size) {
      let gzipBytes = 0;
      let phone = false;
      for (const locale of LOCALES) {
        const body = await localizedContent(english, locale).validator.stepModule(role, name);
        if (body === undefined) throw new Error(`${key}: no such step in the content of schemas/`);
        gzipBytes = Math.max(gzipBytes, (await validatorModule(body)).gzip.length);
        phone ||= usesPhone(body);
      }
      sizes.set(key, (size = { gzipBytes, phone }));
    }
    return size;
  };
  const loads: StepLoad[] = [];
  const phoneData = largestPhoneMetadataBytes((english.built.lists[DIAL_CODE_LIST]?.options ?? []).map((o) => o.value));
  for (const form of FORM_ROUTES) {
    const config = buildConfigDocument(english.built, { role: form.role, schemaVersion: 0 });
    const steps = form.steps ?? (form.flows ?? []).flatMap((f) => (config.flows[f]?.steps ?? []).map((s) => s.step));
    const sets = [...steps.map((step) => (form.withList ? [STAKEHOLDER_LIST_MODULE, step] : [step])), ...(form.withList ? [[STAKEHOLDER_LIST_MODULE]] : [])];
    for (const names of sets) {
      const modules = await Promise.all(names.map((n) => moduleOf(form.role, n)));
      const step = names[names.length - 1]!;
      const lazy = widgetsOf(config.steps[step]?.uiSchema ?? {});
      const phone = modules.some((m) => m.phone);
      if (phone) lazy.add(PHONE_CHUNK).add(LIBPHONENUMBER_CHUNK);
      loads.push({
        route: form.route,
        step: names.join(' + '),
        validatorBytes: modules.reduce((s, m) => s + m.gzipBytes, 0),
        lazyChunks: [...lazy],
        ...(phone ? { dataBytes: phoneData.gzipBytes } : {}),
      });
    }
  }
  return loads;
}

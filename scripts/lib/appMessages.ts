/**
 * The app's texts (src/app/i18n/en.ts, ar.ts: ICU message syntax) compiled to react-intl's message ASTs at build
 * time, as the modules `virtual:app-messages/<catalogue>` (en, enPages, ar; enAgent/arAgent, enStudio/arStudio): the browser then formats them
 * without ICU's message parser, which the app build replaces by its no-parser entry (about 10 kB gzipped off
 * every page, vite.config.ts). The catalogues stay the one source: this plugin reads them, and the tests (which
 * keep the parser) load the same compiled messages through vitest.config.ts.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { ar } from '../../src/app/i18n/ar';
import { en } from '../../src/app/i18n/en';
import { enPages } from '../../src/app/i18n/enPages';
import { enStakeholders } from '../../src/app/i18n/enStakeholders';
import { enAgent } from '../../src/app/i18n/enAgent';
import { arAgent } from '../../src/app/i18n/arAgent';
import { enStudio } from '../../src/app/i18n/enStudio';
import { arStudio } from '../../src/app/i18n/arStudio';

const PREFIX = 'virtual:app-messages/';
/** The entry's texts, the later pages', the stakeholders page's, and each staff area's (src/app/i18n/areaT.ts) in both languages. */
const CATALOGUES: Record<string, Record<string, string>> = { en, enPages, enStakeholders, ar, enAgent, arAgent, enStudio, arStudio };

/** Each message's AST, as react-intl's own compiler (`formatjs compile --ast`) writes it. */
export function compileMessages(messages: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
}

export function appMessages(): Plugin {
  return {
    name: 'quick-apply:app-messages',
    resolveId(source) {
      return source.startsWith(PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      const messages = CATALOGUES[name];
      if (!messages) throw new Error(`No app messages "${name}" (src/app/i18n/${name}.ts)`);
      return `export default ${JSON.stringify(compileMessages(messages))};\n`;
    },
  };
}

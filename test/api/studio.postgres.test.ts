import { vi } from 'vitest';
import { describeOnDatabase } from './helpers';
import { studioSuite } from './studioSuite';

// A check or a publication generates every step's validators for the draft (seconds on a quiet machine): on a loaded
// 2-core CI machine two tests ran past the API project's 30 s default.
vi.setConfig({ testTimeout: 90_000 });

describeOnDatabase('postgres', 'schema studio API', studioSuite);

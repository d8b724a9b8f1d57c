import { configure } from '@testing-library/dom';

// (The DOM library's config, which React Testing Library reads: no React loaded for the other files.)
// findBy*/waitFor wait for lazily loaded chunks (widgets, dialogs, validator modules): Testing Library's 1 s default
// was too short when CI ran on a loaded 2-core machine (a stakeholder's remove dialog, a list's code). A wait ends as
// soon as its element is there, so a longer limit slows no passing test.
configure({ asyncUtilTimeout: 5_000 });

import { makeStaticStyles, tokens } from '@fluentui/react-components';

/**
 * Rules for every page that Fluent's components do not give by themselves:
 * - a visible focus sign on text fields, selects and comboboxes (WCAG 2.2 focus appearance: Fluent shows only a
 *   2 px underline in the brand colour, which is hard to see on red and green themes);
 * - tap targets of at least 44×44 px on phones (below the spec's "ls" breakpoint of 500 px; WCAG 2.5.5), for
 *   buttons, fields, radio and checkbox rows and standalone links; at least 24 px high elsewhere for a standalone
 *   link (WCAG 2.5.8: a link outside a sentence is 20 px of text otherwise);
 * - nothing wider than its column: a native select is as wide as its longest option unless told otherwise.
 */
const useGlobalStyles = makeStaticStyles(`
  .fui-Input:focus-within, .fui-Select:focus-within, .fui-Textarea:focus-within, .fui-SpinButton:focus-within {
    outline: 2px solid ${tokens.colorStrokeFocus2};
    outline-offset: 2px;
  }
  .fui-Select, .fui-Input, .fui-Textarea { max-width: 100%; min-width: 0; }
  #main h1[tabindex="-1"]:focus { outline: none; }
  .fui-Select__select { min-width: 0; max-width: 100%; text-overflow: ellipsis; }
  .fui-Field { min-width: 0; }
  a.fui-Link:not(p a):not(li a) { display: inline-flex; align-items: center; min-height: 24px; }
  @media (max-width: 499px) {
    .fui-Button { min-height: 44px; min-width: 44px; }
    .fui-Input, .fui-SpinButton { min-height: 44px; }
    .fui-Select .fui-Select__select { height: 44px; }
    .fui-Radio, .fui-Checkbox, .fui-Switch { min-height: 44px; align-items: center; }
    a.fui-Link:not(p a):not(li a) { display: inline-flex; align-items: center; min-height: 44px; }
  }
`);

/** Renders nothing; adds the rules above to the document once. */
export function GlobalStyles() {
  useGlobalStyles();
  return null;
}

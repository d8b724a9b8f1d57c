import { type BrandVariants, createLightTheme, type Theme } from '@fluentui/react-components';

/** The bank's red as a Fluent brand ramp (contrast of brand 80 on white: 5.9:1, AA for text). */
const bankRed: BrandVariants = {
  10: '#060101',
  20: '#2a0b0d',
  30: '#470f14',
  40: '#5f1119',
  50: '#78111e',
  60: '#921023',
  70: '#ab0d28',
  80: '#c8102e',
  90: '#d7373f',
  100: '#e0554f',
  110: '#e87161',
  120: '#ef8c75',
  130: '#f4a68a',
  140: '#f8c0a2',
  150: '#fbd9bd',
  160: '#fdf1db',
};

export const appTheme: Theme = { ...createLightTheme(bankRed) };

/** Left-panel colours by account type (spec: red standard, maroon elite, green Islamic). */
export const panelColours = {
  standard: '#c8102e',
  elite: '#6d1a36',
  islamic: '#00704a',
} as const;

export type PanelVariant = keyof typeof panelColours;

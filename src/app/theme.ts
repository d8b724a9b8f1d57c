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

/** The Islamic products' green as a brand ramp (brand 80 #00704a on white: 6.1:1, AA for text). */
const islamicGreen: BrandVariants = {
  10: '#010604',
  20: '#03200f',
  30: '#043520',
  40: '#04472b',
  50: '#035a36',
  60: '#026440',
  70: '#016a45',
  80: '#00704a',
  90: '#1f815c',
  100: '#3b926e',
  110: '#56a280',
  120: '#71b293',
  130: '#8dc2a6',
  140: '#a9d2ba',
  150: '#c6e2cf',
  160: '#e3f1e7',
};

/** Buttons, radios, checkboxes and links of an Islamic application are green, not the bank's red. */
export const islamicTheme: Theme = { ...createLightTheme(islamicGreen) };

/** Left-panel colours by account type (spec: red standard, maroon elite, green Islamic). */
export const panelColours = {
  standard: '#c8102e',
  elite: '#6d1a36',
  islamic: '#00704a',
} as const;

export type PanelVariant = keyof typeof panelColours;

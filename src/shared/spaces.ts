/**
 * Space separators other than the plain space (U+0020) as a plain space: the no-break space a word processor puts in
 * pasted text (U+00A0), the typographic spaces U+2000-U+200A, U+202F, U+205F, U+3000 and U+1680 (Unicode's Zs). The
 * person sees a space; the schemas' patterns allow only the plain one. Line breaks and tabs are not Zs: kept.
 */
export function plainSpaces(text: string): string {
  return text.replace(/(?! )\p{Zs}/gu, ' ');
}

/**
 * Page measurements for the layout test (run in the page): whether the document is wider than the viewport,
 * and which visible interactive elements are smaller than a 44×44 px tap target (WCAG 2.5.5; 2.5.8 asks 24 at
 * least). The target of a checkbox or radio is its whole label row, as a tap on the label ticks it.
 */
import type { Page } from 'playwright-core';

export interface LayoutReport {
  scrollWidth: number;
  viewportWidth: number;
  small: string[];
  /** When the page is wider than the viewport: the innermost elements that reach past its right edge. */
  overflowing: string[];
  /** Buttons, links and table cells whose content is wider than their box (clipped, or running into a neighbour). */
  clipped: string[];
}

/*
 * Targets left out, each for a stated reason:
 * - links inside a sentence (WCAG 2.5.8 "inline" exception: their size is set by the line of text);
 * - the skip link, off screen until it has the focus (then it is a 44 px tall bar);
 * - Fluent's native inputs and icons inside a styled field (the field around them is measured instead).
 */

export async function measureLayout(page: Page, minTarget: number): Promise<LayoutReport> {
  return page.evaluate((min) => {
    const small: string[] = [];
    const selector = 'a[href], button, input, select, textarea, [role="button"], [role="checkbox"], [role="radio"], [role="tab"], [role="option"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
    const describe = (el: Element) => {
      const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.getAttribute('name') ?? '';
      return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} '${name.replace(/\s+/g, ' ').trim().slice(0, 40)}'`;
    };
    const visible = (el: Element, r: DOMRect) => {
      if (r.width === 0 || r.height === 0) return false;
      if (el.closest('[aria-hidden="true"], [data-tabster-dummy], [hidden]')) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const inlineLink = (el: Element) => {
      if (el.tagName !== 'A') return false;
      const block = el.parentElement?.closest('p, li, span, div');
      const text = block?.textContent?.trim() ?? '';
      return text.length > (el.textContent?.trim().length ?? 0) + 10 && getComputedStyle(el).display === 'inline';
    };
    for (const el of Array.from(document.querySelectorAll(selector))) {
      let rect = el.getBoundingClientRect();
      if (!visible(el, rect)) continue;
      if (rect.right <= 0 || rect.left >= window.innerWidth) continue; // off screen until focused (the skip link)
      if (inlineLink(el)) continue;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        // The tap target is the label row around the hidden native input (Fluent Checkbox, Radio).
        const row = el.closest('.fui-Checkbox, .fui-Radio, .fui-Switch, label') ?? el.parentElement;
        if (row) rect = row.getBoundingClientRect();
      } else {
        // A field, or an icon inside one (the combobox's open chevron): the tap target is the whole field.
        const control = el.closest('.fui-Input, .fui-Select, .fui-SpinButton, .fui-Textarea');
        if (control) rect = control.getBoundingClientRect();
      }
      if (rect.width < min - 0.5 || rect.height < min - 0.5) small.push(`${describe(el)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    }
    const viewportWidth = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const overflowing: string[] = [];
    if (scrollWidth > viewportWidth) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= viewportWidth + 0.5) continue;
        const inner = Array.from(el.children).some((c) => c.getBoundingClientRect().right > viewportWidth + 0.5);
        if (!inner) overflowing.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} right ${Math.round(r.right)}`);
      }
      // Text wider than its box (a long word that does not wrap) overflows without any element doing so.
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue; // visually hidden (clipped) text
        if (r.width > 0 && r.right > viewportWidth + 0.5) overflowing.push(`text '${(node.textContent ?? '').trim().slice(0, 40)}' in ${node.parentElement?.tagName.toLowerCase()} right ${Math.round(r.right)}`);
      }
    }
    // Content wider than its box: a button's label cut off ("Remov") or a cell's text running into the next column.
    // (Not the combobox's 20 px chevron, a role=button span whose focus ring is wider than its icon.)
    const clipped: string[] = [];
    for (const el of Array.from(document.querySelectorAll('button, td, th'))) {
      const r = el.getBoundingClientRect();
      if (!visible(el, r)) continue;
      if (el.scrollWidth > el.clientWidth + 1) clipped.push(`${describe(el)} content ${el.scrollWidth} px in ${el.clientWidth} px`);
    }
    return { scrollWidth, viewportWidth, small: [...new Set(small)], overflowing: overflowing.slice(0, 5), clipped: [...new Set(clipped)] };
  }, minTarget);
}

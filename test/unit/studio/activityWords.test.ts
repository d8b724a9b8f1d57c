// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { activitySentence as sentenceIn } from '../../../src/app/features/studio/activityWords';
import { useStudioT } from '../../../src/app/i18n/useStudioT';

/** The studio's English (outside any provider), as the versions page passes it. */
const english = renderHook(() => useStudioT()).result.current;
const activitySentence = (action: string, detail: unknown) => sentenceIn(english, action, detail);

describe('the studio activity log in sentences', () => {
  it('says each recorded studio action in words', () => {
    expect(activitySentence('studio.draft.create', { draft: 4, name: 'Branch question', baseVersion: 3 })).toBe('Started draft “Branch question” from version 3.');
    expect(activitySentence('studio.draft.create', { draft: 5, name: 'Rollback', baseVersion: 4, rollbackTo: 2 })).toBe(
      'Started draft “Rollback” to roll back to version 2 (from version 4).',
    );
    expect(activitySentence('studio.draft.submit', { draft: 4, name: 'Branch question', revision: 3 })).toBe('Submitted draft “Branch question” for review (revision 3).');
    expect(activitySentence('studio.draft.approve', { draft: 4, name: 'Branch question', revision: 3, comment: 'Fine' })).toBe('Approved draft “Branch question”: “Fine”.');
    expect(activitySentence('studio.draft.request_changes', { draft: 4, name: 'B', comment: 'Label?' })).toBe('Asked for changes to draft “B”: “Label?”.');
    expect(activitySentence('studio.draft.discard', { draft: 4, name: 'B' })).toBe('Discarded draft “B”.');
    expect(activitySentence('studio.check', { draft: 4, baseVersion: 3, files: ['a', 'b'], problems: 0, fixturesFailed: 1, newlyFailing: 2 })).toBe(
      'Checked draft 4 against version 3 (2 changed files): 0 problems, 1 failing test case, 2 saved applications that would newly fail.',
    );
    expect(activitySentence('studio.publish', { version: 5, message: 'Branch question', author: 'Sara', approvedBy: 'Omar' })).toBe(
      'Published version 5 “Branch question”, written by Sara and approved by Omar.',
    );
    expect(activitySentence('studio.rollback', { version: 6, toVersion: 4, author: 'Sara', approvedBy: 'Omar' })).toBe(
      'Rolled back to the content of version 4, published as version 6, prepared by Sara and approved by Omar.',
    );
  });

  it('an action it does not know is still said in words, never as JSON', () => {
    const sentence = activitySentence('studio.fixtures.run', { passed: 3, failedCount: 1, nested: { a: 1 } });
    expect(sentence).toBe('Fixtures run (passed 3, failed count 1).');
    expect(sentence).not.toMatch(/[{}"]/);
  });

  it('says them in Arabic when the studio is in Arabic (plurals in their Arabic forms)', async () => {
    const wrapper = ({ children }: { children: ReactNode }) => createElement(IntlProvider, { locale: 'ar', messages: {} }, children);
    const { result } = renderHook(() => useStudioT(), { wrapper });
    await waitFor(() => expect(result.current('studio.nav.drafts')).toBe('المسودات'));
    const t = result.current;
    expect(sentenceIn(t, 'studio.draft.create', { draft: 4, name: 'Branch question', baseVersion: 3 })).toBe('إنشاء المسودة «Branch question» انطلاقًا من الإصدار 3.');
    expect(sentenceIn(t, 'studio.check', { draft: 4, baseVersion: 3, files: ['a', 'b'], problems: 0, fixturesFailed: 1, newlyFailing: 11 })).toBe(
      'فحص المسودة رقم 4 مقابل الإصدار 3 (ملفان معدّلان): لا مشكلات، حالة اختبار مخفقة واحدة، و11 طلبًا محفوظًا سيخفق لأول مرة.',
    );
    expect(sentenceIn(t, 'studio.publish', { version: 5, message: 'Branch question', author: 'Sara', approvedBy: 'Omar' })).toBe(
      'نشر الإصدار 5 «Branch question»، من إعداد Sara وبموافقة Omar.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { arabicFollowingLimit } from '../../../src/app/features/studio/fields';

describe('Arabic texts follow a changed limit (fields.ts arabicFollowingLimit)', () => {
  it('changes the number counting characters and the noun agreeing with it', () => {
    expect(arabicFollowingLimit('اسم الشركة أطول من المسموح: 50 حرفًا كحد أقصى', 50, 40, true)).toBe('اسم الشركة أطول من المسموح: 40 حرفًا كحد أقصى');
    expect(arabicFollowingLimit('اسم الشركة أطول من المسموح: 50 حرفًا كحد أقصى', 50, 8, true)).toBe('اسم الشركة أطول من المسموح: 8 أحرف كحد أقصى');
    expect(arabicFollowingLimit('حتى 8 أحرف. الاسم الكامل: حتى 77 حرفًا.', 8, 12, true)).toBe('حتى 12 حرفًا. الاسم الكامل: حتى 77 حرفًا.');
    expect(arabicFollowingLimit('الحد الأقصى ٥٠ حرفًا', 50, 100, true)).toBe('الحد الأقصى ١٠٠ حرف');
    expect(arabicFollowingLimit('رقم من 15 رقمًا؛ 50 فرعًا', 15, 9, true)).toBe('رقم من 9 أرقام؛ 50 فرعًا');
  });

  it('leaves other numbers: longer ones, decimals, and for a length those not counting characters', () => {
    expect(arabicFollowingLimit('حتى 50 حرفًا؛ الرمز 150 أو 50.5', 50, 40, true)).toBe('حتى 40 حرفًا؛ الرمز 150 أو 50.5');
    expect(arabicFollowingLimit('يجب أن يكون عدد الموظفين 999999 أو أقل', 999999, 5000, false)).toBe('يجب أن يكون عدد الموظفين 5000 أو أقل');
    expect(arabicFollowingLimit('من 0 إلى 100', 100, 100, false)).toBe('من 0 إلى 100');
  });
});

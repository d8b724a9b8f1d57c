// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { useMessageOf } from '../../src/app/features/agent/fieldErrors';
import { ApiRequestError } from '../../src/app/lib/secureFetch';

const inArabic = ({ children }: { children: ReactNode }) => createElement(IntlProvider, { locale: 'ar', messages: {} }, children);
const locked = (wait: string) => new ApiRequestError(429, { errors: [{ errorCode: 'LOGIN_LOCKED', message: `Too many failed sign-in attempts. Please try again in ${wait}.` }] });

describe("the agent's messages of failed calls (fieldErrors.ts useMessageOf)", () => {
  it('in English: the known errors in the words they had, any other message of the server as it is', () => {
    const { result } = renderHook(() => useMessageOf());
    const messageOf = result.current;
    expect(messageOf(new ApiRequestError(401, { errors: [{ errorCode: 'INVALID_CREDENTIALS', message: 'The username or password is incorrect' }] }))).toBe('The username or password is incorrect');
    expect(messageOf(locked('1 minute'))).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(messageOf(locked('15 minutes'))).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(messageOf(new ApiRequestError(503, undefined))).toBe('We are facing a glitch at the moment, please try again later.');
    expect(messageOf(new TypeError('Failed to fetch'))).toBe('The server could not be reached. Check your connection and try again.');
    expect(messageOf(new ApiRequestError(409, { errors: [{ errorCode: 'VERSION_CONFLICT', message: 'Someone else saved first' }] }))).toBe('Someone else saved first');
  });

  it('in Arabic: the same errors in Arabic, durations with Arabic plurals', async () => {
    const { result } = renderHook(() => useMessageOf(), { wrapper: inArabic });
    await waitFor(() => expect(result.current(new ApiRequestError(503, undefined))).toBe('نواجه خللًا فنيًا في الوقت الحالي، يرجى المحاولة مرة أخرى لاحقًا.'));
    const messageOf = result.current;
    expect(messageOf(new ApiRequestError(401, { errors: [{ errorCode: 'INVALID_CREDENTIALS', message: 'The username or password is incorrect' }] }))).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');
    expect(messageOf(locked('2 minutes'))).toBe('تجاوزت عدد محاولات تسجيل الدخول المسموح بها. يرجى المحاولة مرة أخرى بعد دقيقتين.');
    expect(messageOf(locked('11 minutes'))).toBe('تجاوزت عدد محاولات تسجيل الدخول المسموح بها. يرجى المحاولة مرة أخرى بعد 11 دقيقة.');
    expect(messageOf(locked('3 seconds'))).toBe('تجاوزت عدد محاولات تسجيل الدخول المسموح بها. يرجى المحاولة مرة أخرى بعد 3 ثوانٍ.');
    expect(messageOf(new ApiRequestError(400, { errors: [{ errorCode: 'REQUIRED', field: 'searchInfo', message: 'Enter at least one search criterion' }] }))).toBe('يرجى إدخال معيار بحث واحد على الأقل');
  });
});

// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { ArrowLeftRegular, ArrowRightRegular } from '@fluentui/react-icons';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackIcon } from '../../../src/app/components/BackIcon';
import type { AppConfig } from '../../../src/app/features/config/useConfig';
import { setValidatorModuleLoader, useStepValidator } from '../../../src/app/features/forms/stepValidator';
import { ar } from '../../../src/app/i18n/ar';
import { en } from '../../../src/app/i18n/en';
import type { ValidatorFactory } from '../../../src/validation/standalone';

afterEach(cleanup);

describe('a language switch on a form step', () => {
  it("keeps the step's validator (and so the form and the errors it shows) while the other language's module loads, then takes it", async () => {
    // The x-phone rule's code loads beside each module: imported once here, so the first module's load is not the
    // transform of libphonenumber's metadata (over waitFor's second on a loaded machine).
    await import('../../../src/validation/phone');
    const factory: ValidatorFactory = () => ({});
    let release: (() => void) | undefined;
    setValidatorModuleLoader((url) =>
      url.endsWith('/customer/applicantInfo.js')
        ? Promise.resolve({ default: factory })
        : new Promise((resolve) => {
            release = () => resolve({ default: factory });
          }),
    );
    const english = { version: 'v7', role: 'customer', locale: 'en', lists: {} } as unknown as AppConfig;
    const arabic = { ...english, locale: 'ar' } as AppConfig;
    const { result, rerender } = renderHook(({ config }) => useStepValidator(config, ['applicantInfo']), { initialProps: { config: english } });
    await waitFor(() => expect(result.current).toBeDefined());
    const inEnglish = result.current;
    rerender({ config: arabic });
    // Not undefined (the page's spinner, which unmounted the form and forgot which errors were shown).
    expect(result.current).toBe(inEnglish);
    release!();
    await waitFor(() => expect(result.current).not.toBe(inEnglish));
    expect(result.current).toBeDefined();
    // Another content version is other rules: nothing is kept.
    rerender({ config: { ...english, version: 'v8' } as AppConfig });
    expect(result.current).toBeUndefined();
  });
});

describe('the language asked by the page address', () => {
  const fresh = async (address: string, saved?: string) => {
    vi.resetModules();
    localStorage.clear();
    if (saved) localStorage.setItem('qa.locale', saved);
    history.replaceState(null, '', address);
    return import('../../../src/app/i18n/localeStore');
  };

  it('?locale=ar opens the page in Arabic, is remembered as the switch is, and leaves the address', async () => {
    const store = await fresh('/business/accounts?invite=abc&locale=ar#top', 'en');
    expect(store.currentLocale()).toBe('ar');
    expect(localStorage.getItem('qa.locale')).toBe('ar');
    expect(location.pathname + location.search + location.hash).toBe('/business/accounts?invite=abc#top');
    // The next page load (no parameter) keeps Arabic.
    expect((await fresh('/business/accounts', 'ar')).currentLocale()).toBe('ar');
  });

  it('ignores a language the app does not have, and follows the saved choice', async () => {
    const store = await fresh('/?locale=fr', 'en');
    expect(store.currentLocale()).toBe('en');
    expect(location.search).toBe('?locale=fr');
  });
});

describe('the back arrow', () => {
  const iconOf = (dir: 'ltr' | 'rtl') =>
    render(
      <FluentProvider theme={webLightTheme} dir={dir}>
        <BackIcon />
      </FluentProvider>,
    ).container.querySelector('svg')!;

  const pathOf = (svg: Element) => svg.querySelector('path')!.getAttribute('d');

  it('points left in English and right in Arabic, and the texts carry no arrow of their own', () => {
    const left = pathOf(render(<ArrowLeftRegular />).container.querySelector('svg')!);
    const right = pathOf(render(<ArrowRightRegular />).container.querySelector('svg')!);
    cleanup();
    expect(pathOf(iconOf('ltr'))).toBe(left);
    cleanup();
    expect(pathOf(iconOf('rtl'))).toBe(right);
    expect(en['overview.back']).not.toMatch(/[<>‹›←→]/);
    expect(ar['overview.back']).not.toMatch(/[<>‹›←→]/);
  });
});

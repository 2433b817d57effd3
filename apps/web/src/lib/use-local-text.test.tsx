import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';
import { localText, useLocalText } from './use-local-text.ts';

describe('useLocalText', () => {
  beforeAll(() => {
    initI18n('zh-CN');
  });

  it('picks a {zh, en} text in the language chosen, and follows a switch', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { result } = renderHook(() => useLocalText());
    expect(result.current).toMatchObject({ lang: 'zh-CN', en: false });
    expect(result.current.tx({ zh: '铂金', en: 'Platinum' })).toBe('铂金');
    expect(result.current.tx({ zh: '上海旗舰店', en: 'Shanghai flagship' })).toBe('上海旗舰店');
    const before = result.current;
    await act(() => i18n.changeLanguage('en-US'));
    expect(result.current).toMatchObject({ lang: 'en-US', en: true });
    expect(result.current.tx({ zh: '铂金', en: 'Platinum' })).toBe('Platinum');
    expect(result.current.tx({ zh: '上海旗舰店', en: 'Shanghai flagship' })).toBe('Shanghai flagship');
    expect(result.current).not.toBe(before);
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('is the same object between renders while the language stays', () => {
    const { result, rerender } = renderHook(() => useLocalText());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('outside components, takes the language it is given; anything but English reads Chinese', () => {
    expect(localText({ zh: '金', en: 'Gold' }, 'en-US')).toBe('Gold');
    expect(localText({ zh: '金', en: 'Gold' }, 'zh-CN')).toBe('金');
    expect(localText({ zh: '金', en: 'Gold' }, 'fr')).toBe('金');
  });
});

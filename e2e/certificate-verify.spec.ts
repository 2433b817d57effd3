// The certificate's verification code (issue #32): a distributor downloads their PY income
// certificate, the code printed on it is read back from the PDF, and a browser with no session
// (a bank's) opens the address the certificate prints and sees the period and issue date; a
// wrong code is told not found.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousAxe, shoot, signInAt, watchProblems } from './helpers.ts';

const CODE = /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}\b/;

test('a certificate downloaded by its distributor is checked by anyone at the address it prints', async ({ page, browser }) => {
  await signInAt(page, '10000004', '/income/distributorannualincome?lang=zh-CN');
  await expect(page.locator('[data-total-net]').first()).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '年度收入证明 PDF' }).click()]);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', (await pdf.path())!, '-']).toString('utf8');
  const code = CODE.exec(text)?.[0];
  expect(code, text).toBeDefined();
  expect(text).toContain(`/front/verify?code=${code}`);
  const period = /(\d{2}\/\d{2}) 业绩年度/.exec(text)?.[1];
  expect(period).toBeDefined();

  // Downloaded again: the same amounts, the same code.
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '年度收入证明 PDF' }).click()]);
  expect(execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', (await again.path())!, '-']).toString('utf8')).toContain(code!);

  for (const [lang, viewport, issued, periodText] of [
    ['zh-CN', { width: 390, height: 844 }, '2026年11月21日', `${period} 业绩年度`],
    ['en-US', { width: 1280, height: 800 }, '21 Nov 2026', `Performance year ${period}`],
  ] as const) {
    // A bank's browser: no session, no channel, nothing stored.
    const bank = await browser.newContext({ viewport, locale: lang });
    const visitor = await bank.newPage();
    const problems = watchProblems(visitor);
    await visitor.goto(`/front/verify?code=${code!.toLowerCase().replace(/-/g, '')}&lang=${lang === 'zh-CN' ? 'zh' : 'en'}`);
    await expect(visitor.getByTestId('verify-found')).toBeVisible();
    await expect(visitor.getByTestId('verify-period')).toHaveText(periodText);
    await expect(visitor.getByTestId('verify-issued-on')).toHaveText(issued);
    await expect(visitor.getByTestId('verify-newer')).toHaveCount(0);
    expect(visitor.url()).toContain('/front/verify');
    expect(await visitor.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
    await shoot(visitor, `verify-${lang}-${viewport.width}.png`, { fullPage: true });
    expect(await seriousAxe(visitor)).toEqual([]);

    // A wrong code: not found, nothing else.
    const input = visitor.getByRole('textbox');
    await input.fill('0000-0000-0000-00');
    await input.press('Enter');
    await expect(visitor.getByTestId('verify-not-found')).toBeVisible();
    await expect(visitor.getByTestId('verify-found')).toHaveCount(0);
    await shoot(visitor, `verify-${lang}-${viewport.width}-not-found.png`, { fullPage: true });
    // The wrong code's answer is a 404, which the browser logs.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await bank.close();
  }
  fs.rmSync((await pdf.path())!, { force: true });
});

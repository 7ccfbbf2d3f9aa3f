import { test, expect } from './support/fixtures';

// Login at 360 px in French and Japanese, kept with the test results for a person to look at.
for (const [locale, prefix, heading] of [
  ['fr-FR', '/fr', 'Se connecter'],
  ['ja-JP', '/jp', 'ログイン'],
] as const) {
  test(`login at 360 px in ${locale}`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${prefix}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // Nothing may overflow sideways on a small phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: testInfo.outputPath(`login-${locale}-360.png`), fullPage: true });
  });
}

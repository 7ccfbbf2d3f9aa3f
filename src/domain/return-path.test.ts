import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('accepts a path of this site with its query', () => {
    expect(safeReturnPath('/fr/user/account?tab=1')).toBe('/fr/user/account?tab=1');
    expect(safeReturnPath('/us/user/account?row=scan-batch%3A12')).toBe('/us/user/account?row=scan-batch%3A12');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      42,
      undefined,
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { pushMessageOf } from './push-message';

describe('what a push opens', () => {
  const push = (url: unknown) => pushMessageOf({ title: 'Deposit credited', body: 'b', url, tag: 't', icon: '/i.png', lang: 'en-US' });

  it('opens the row of the app the news names', () => {
    expect(push('/us/user/account?row=scan-batch%3A1').url).toBe('/us/user/account?row=scan-batch%3A1');
  });

  it('never another site, however the path is written (the app’s own return-path rule)', () => {
    for (const url of ['//evil.example/x', '/\\evil.example', '/\t/evil.example', 'https://evil.example', 42]) {
      expect(push(url).url, JSON.stringify(url)).toBe('/');
    }
  });

  it('shows the app’s name for a push that is not ours', () => {
    expect(pushMessageOf(undefined)).toMatchObject({ title: 'Roundtrip', url: '/' });
  });
});

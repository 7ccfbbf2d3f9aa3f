import { describe, expect, it } from 'vitest';
import { refreshGrantBody } from './schemas/account';
import {
  isRenewalRefused,
  needsRenewal,
  refreshCookieSeconds,
  renewalAfterWaiting,
  renewalMarginMs,
  tokenRenewalRequest,
} from './client-session';

describe('token renewal, as the app and the service worker do it', () => {
  it('asks with a body the token endpoint accepts', () => {
    const request = tokenRenewalRequest('r-1');
    expect(request.method).toBe('POST');
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(refreshGrantBody.parse(JSON.parse(request.body))).toEqual({
      grant_type: 'refresh_token',
      client_id: 'roundtrip-web',
      refresh_token: 'r-1',
    });
  });

  it('renews a token within the margin of its end, or past it, and not one that lasts or whose end is unknown', () => {
    const now = 1_000_000;
    expect(needsRenewal(now + renewalMarginMs + 1, now)).toBe(false);
    expect(needsRenewal(now + renewalMarginMs, now)).toBe(true);
    expect(needsRenewal(now - 1, now)).toBe(true);
    expect(needsRenewal(null, now)).toBe(false);
  });

  it('ends the session only when the refresh token is refused', () => {
    expect([400, 401].map(isRenewalRefused)).toEqual([true, true]);
    expect([0, 429, 500, 503].map(isRenewalRefused)).toEqual([false, false, false, false]);
  });

  it('after waiting for the lock, never presents a refresh token another renewal spent', () => {
    expect(renewalAfterWaiting('r-1', 'r-1')).toBe('renew');
    expect(renewalAfterWaiting('r-1', 'r-2')).toBe('renewed-meanwhile');
    expect(renewalAfterWaiting('r-1', undefined)).toBe('ended');
  });

  it('keeps the refresh cookie as long as the refresh token lives', () => {
    expect(refreshCookieSeconds({ expires_in: 900, refresh_token_expires_in: 7_776_000 })).toBe(7_776_000);
    expect(refreshCookieSeconds({ expires_in: 900 })).toBe(900);
  });
});

import { describe, expect, it } from 'vitest';
import { externalLinksFrom, mobilePlatform } from './config';

describe('addresses outside the app', () => {
  it('are unset, and their links hidden, when the build names none', () => {
    expect(externalLinksFrom({})).toEqual({ aboutUs: undefined, mobileApp: { ios: undefined, android: undefined, other: undefined } });
  });

  it('are the build’s addresses, each store for its platform', () => {
    const links = externalLinksFrom({
      VITE_ABOUT_US_URL: 'https://www.deposit-programme.example/about',
      VITE_MOBILE_APP_IOS_URL: 'https://apps.apple.com/app/id123',
      VITE_MOBILE_APP_ANDROID_URL: 'https://play.google.com/store/apps/details?id=example.deposit',
      VITE_MOBILE_APP_URL: 'https://www.deposit-programme.example/app',
    });
    expect(links.aboutUs).toBe('https://www.deposit-programme.example/about');
    expect(links.mobileApp).toEqual({
      ios: 'https://apps.apple.com/app/id123',
      android: 'https://play.google.com/store/apps/details?id=example.deposit',
      other: 'https://www.deposit-programme.example/app',
    });
  });

  it('send a platform without its own listing to the general page about the app', () => {
    const links = externalLinksFrom({ VITE_MOBILE_APP_URL: 'https://www.deposit-programme.example/app' });
    expect(links.mobileApp.ios).toBe('https://www.deposit-programme.example/app');
    expect(links.mobileApp.android).toBe('https://www.deposit-programme.example/app');
  });

  it('count a setting that is no web address as unset', () => {
    const links = externalLinksFrom({
      VITE_ABOUT_US_URL: 'javascript:alert(1)',
      VITE_MOBILE_APP_URL: ' ',
      VITE_MOBILE_APP_IOS_URL: 'not a url',
    });
    expect(links.aboutUs).toBeUndefined();
    expect(links.mobileApp.ios).toBeUndefined();
    expect(links.mobileApp.other).toBeUndefined();
  });
});

describe('the platform of a device', () => {
  it('is told from its user agent', () => {
    expect(mobilePlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(mobilePlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(mobilePlatform('Mozilla/5.0 (X11; Linux x86_64)')).toBe('other');
  });
});

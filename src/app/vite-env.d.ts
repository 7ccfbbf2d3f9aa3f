/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_ABOUT_US_URL?: string;
  readonly VITE_MOBILE_APP_IOS_URL?: string;
  readonly VITE_MOBILE_APP_ANDROID_URL?: string;
  readonly VITE_MOBILE_APP_URL?: string;
}

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

import { z } from 'zod';

// The token endpoint's answer, declared by the server's route and read by the app and the service
// worker when they sign in or renew (src/domain/client-session.ts). The app's zod, as the error
// answers (error-answers.ts says why).

export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().check(z.int(), z.positive()),
  /** Seconds the refresh token lives (its cookie's max-age); absent from servers before it was added. */
  refresh_token_expires_in: z.optional(z.number().check(z.int(), z.positive())),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

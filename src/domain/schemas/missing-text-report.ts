import { z } from 'zod';
import { missingTextLimits } from '../missing-text-limits';
import { missingTextLanguages, missingTextNamespaces } from './missing-texts';

// The report itself (POST /locales/add/{lng}/{ns}), read by the server only. Apart from
// missing-texts.ts, whose list schema the console imports: a bundle keeps top-level zod calls
// even when nothing uses them, and the body's record would bring zod's record type into the zod
// chunk every customer loads (error-answers.ts says why the app's code has no z.record).

export const missingTextParams = z.strictObject({
  lng: z.enum(missingTextLanguages, { error: 'invalidValue' }),
  ns: z.enum(missingTextNamespaces, { error: 'invalidValue' }),
});

/** `{ "<key>": "<the text shown instead>" }`. */
export const missingTextBody = z
  .record(
    z.string().min(1, { error: 'invalidValue' }).max(missingTextLimits.keyLength, { error: 'tooLong' }),
    z.string({ error: 'invalidValue' }).max(missingTextLimits.textLength, { error: 'tooLong' }),
    { error: 'invalidValue' },
  )
  .refine((body) => Object.keys(body).length >= 1, { error: 'required' })
  .refine((body) => Object.keys(body).length <= missingTextLimits.keysPerReport, { error: 'tooLong' });
export type MissingTextBody = z.infer<typeof missingTextBody>;

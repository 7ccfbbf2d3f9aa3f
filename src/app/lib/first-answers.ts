/**
 * The answers a signed-in page's shell asked for before the app's code arrived
 * (src/app/shell/balance-before-app.js, its list in src/domain/signed-in-shells.ts): on a phone's
 * connection they come while the code is still loading, instead of one round trip after another
 * once the app runs. The app takes each one once, in place of sending that very call: the same
 * path, token and language, at its start. Once the app has started, those left over are dropped:
 * a later ask goes to the server.
 */
interface FirstAnswers {
  token: string;
  lang: string;
  answers: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    roundtripFirstAnswers?: FirstAnswers;
  }
}

const firstAnswers = (): FirstAnswers | undefined => (typeof window === 'undefined' ? undefined : window.roundtripFirstAnswers);

/** The shell's answer to GET `path`, when it asked that call with this `token` in this language; once. */
export function takeFirstAnswer(path: string, token: string, lang: string): Promise<Response> | undefined {
  const first = firstAnswers();
  if (!first || first.token !== token || first.lang !== lang || !Object.hasOwn(first.answers, path)) return undefined;
  const answer = first.answers[path];
  delete first.answers[path];
  return answer instanceof Promise ? answer : undefined;
}

/** The app has started: any answer not taken is stale from now on. */
export function forgetFirstAnswers(): void {
  if (typeof window !== 'undefined') delete window.roundtripFirstAnswers;
}

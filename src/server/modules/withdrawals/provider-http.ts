/** A provider's API answered with an error, or did not answer: nothing in its answer can be trusted. */
export class ProviderApiError extends Error {
  override name = 'ProviderApiError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** How long a provider may take to answer one call before the call counts as failed (its outcome then unknown). */
export const providerTimeoutMs = 30_000;

/** One JSON call; the answer's body, or a ProviderApiError naming the call and what went wrong. */
export async function providerCall(
  provider: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(providerTimeoutMs) });
  } catch (error) {
    throw new ProviderApiError(
      `${provider} ${init.method} ${new URL(url).pathname}: no answer (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const text = await response.text();
  if (!response.ok)
    throw new ProviderApiError(
      `${provider} ${init.method} ${new URL(url).pathname}: ${response.status} ${text.slice(0, 300)}`,
      response.status,
    );
  try {
    return text === '' ? {} : (JSON.parse(text) as unknown);
  } catch {
    throw new ProviderApiError(`${provider} ${init.method} ${new URL(url).pathname}: an answer that is not JSON`);
  }
}

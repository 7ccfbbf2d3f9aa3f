import { apiPrefix } from '#domain/api';
import { ApiError, readJsonBody, sendJson, toApiError } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';
import { endOperatorSession, operatorToken } from './operator-session';

export interface ConsoleRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Calls made before there is a session (sign-in, invitations) send no token. */
  open?: boolean;
}

async function sendConsoleRequest(path: string, options: ConsoleRequestOptions): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
  if (!options.open) {
    const token = operatorToken();
    if (!token) throw new ApiError(401, 'OPERATOR_UNAUTHORIZED', '');
    headers.Authorization = `Bearer ${token}`;
  }
  const response = await sendJson(`${apiPrefix}/ops${path}`, {
    method: options.method,
    headers,
    body: options.body,
    signal: options.signal,
  });
  // The session ended (idle, its eight hours, signed out elsewhere, the operator disabled): the
  // console goes back to its sign-in, which the layout does when the session changes.
  if (response.status === 401 && !options.open) endOperatorSession('expired');
  return response;
}

/**
 * One /ops call with the operator's bearer token; resolves with the parsed JSON body (undefined for
 * 204) or rejects with the API's error in the operator's language, like the customer calls.
 */
export async function consoleRequest(path: string, options: ConsoleRequestOptions = {}): Promise<unknown> {
  const response = await sendConsoleRequest(path, options);
  const body = await readJsonBody(response);
  if (!response.ok) throw await toApiError(response.status, body);
  return body;
}

/** A binary answer (a dispute's photo), fetched with the bearer header an <img> cannot send. */
export async function consoleBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await sendConsoleRequest(path, { signal });
  if (!response.ok) throw await toApiError(response.status, await readJsonBody(response));
  return response.blob();
}

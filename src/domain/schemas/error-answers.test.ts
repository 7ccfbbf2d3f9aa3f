import { describe, expect, it } from 'vitest';
import { readErrorAnswer } from './error-answers';

describe('readErrorAnswer: an error answer as the app and the service worker read it', () => {
  it("reads the API's shape with its message and field keys", () => {
    expect(
      readErrorAnswer({
        error: { code: 'CONTAINER_UNKNOWN', message: 'Désolé, nous ne reconnaissons pas ce code.', fields: { code: 'invalidValue' } },
      }),
    ).toEqual({ code: 'CONTAINER_UNKNOWN', message: 'Désolé, nous ne reconnaissons pas ce code.', fields: { code: 'invalidValue' } });
    expect(readErrorAnswer({ error: { code: 'LB_0102', message: 'Wrong password' } })).toEqual({
      code: 'LB_0102',
      message: 'Wrong password',
      fields: {},
    });
  });

  it("reads OAuth's shape from the token endpoints", () => {
    expect(readErrorAnswer({ error: 'invalid_grant', error_description: 'The email or password is incorrect.' })).toEqual({
      code: 'invalid_grant',
      message: 'The email or password is incorrect.',
      fields: {},
    });
    expect(readErrorAnswer({ error: 'invalid_request', error_description: 'Please enter…', fields: { email: 'required' } }).fields).toEqual(
      {
        email: 'required',
      },
    );
  });

  it('keeps the words of a code added after this client was built, and the field keys it knows', () => {
    // A phone keeps the app offline for weeks; the server it talks to may be newer.
    expect(
      readErrorAnswer({
        error: {
          code: 'A_CODE_ADDED_LATER',
          message: 'Ce contenant est déjà rendu.',
          fields: { code: 'invalidValue', other: 'aKeyAddedLater' },
        },
      }),
    ).toEqual({ code: 'UNKNOWN', message: 'Ce contenant est déjà rendu.', fields: { code: 'invalidValue' } });
  });

  it('takes what is not an answer of the API as UNKNOWN, without its words', () => {
    for (const body of [
      undefined,
      '<html>Bad gateway</html>',
      { error: { code: 'CONTAINER_UNKNOWN' } },
      { error: { code: 42, message: 'x' } },
      { error: 'invalid_grant' },
      { error: 'server_error', error_description: 'x' },
    ]) {
      expect(readErrorAnswer(body)).toEqual({ code: 'UNKNOWN', message: '', fields: {} });
    }
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { passkeyRegistrationBody } from '#domain/schemas/operators';
import { operatorPasskeys, operators } from '../../db/schema';
import { databaseKinds } from '../../testing/databases';
import { operatorPassword, signedInOperator } from '../../testing/operators';
import { withMailingApp, type TestSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';
import { softwarePasskey } from '../../testing/software-authenticator';
import { totpCodeAt } from './totp';

describe.each(databaseKinds)('sign-in failures of one operator account, from any address (%s)', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  withMailingApp(kind, (app, server) => {
    t = app;
    smtp = server;
  });

  // Each try from another address: the per-address limits never see two from one.
  let addressCount = 0;
  const nextAddress = () => `198.51.100.${(addressCount++ % 250) + 1}`;
  const signIn = (email: string, password: string, code: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/v2/ops/session', payload: { email, password, code }, remoteAddress: nextAddress(), headers });
  const wrong = (operator: { email: string; secret: string }) =>
    signIn(operator.email, 'not-the-password', totpCodeAt(operator.secret, t.clock.now()));
  const right = async (operator: { email: string; secret: string }) => {
    // A code is good once: each sign-in takes the authenticator's next one.
    t.clock.advance(30);
    return signIn(operator.email, operatorPassword, totpCodeAt(operator.secret, t.clock.now()));
  };
  const stored = async (id: string) => {
    const [row] = await t.db.select().from(operators).where(eq(operators.id, id));
    return { failures: row!.failedSignIns, blockedUntil: row!.signInBlockedUntil };
  };

  it('lets three failures pass, then waits longer after each (2 s, 4 s, … up to 15 minutes), without checking the password meanwhile', async () => {
    const care = await signedInOperator(t, ['care']);
    for (let failure = 1; failure <= 3; failure += 1) {
      const answer = await wrong(care);
      expect(answer.statusCode, `failure ${failure}`).toBe(401);
      expect(answer.json().error.code).toBe('OPERATOR_SIGN_IN_FAILED');
    }
    expect((await wrong(care)).statusCode).toBe(401);
    // The fourth failure: two seconds before the next try, even with the right password.
    const blocked = await signIn(care.email, operatorPassword, totpCodeAt(care.secret, t.clock.now()));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBe('2');
    expect((await wrong(care)).statusCode).toBe(429);
    // Nothing was counted while blocked.
    expect((await stored(care.id)).failures).toBe(4);

    const waits: number[] = [];
    for (let failure = 5; failure <= 14; failure += 1) {
      const { blockedUntil } = await stored(care.id);
      const wait = Math.ceil((blockedUntil!.getTime() - t.clock.now().getTime()) / 1000);
      waits.push(wait);
      t.clock.advance(wait);
      expect((await wrong(care)).statusCode, `failure ${failure}`).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    const { blockedUntil } = await stored(care.id);
    expect(blockedUntil!.getTime() - t.clock.now().getTime()).toBe(900_000);
  });

  it('a success clears the count, so the owner who mistypes is not slowed down for good', async () => {
    const finance = await signedInOperator(t, ['finance']);
    for (let failure = 1; failure <= 4; failure += 1) await wrong(finance);
    t.clock.advance(2);
    const signedIn = await right(finance);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await stored(finance.id)).toEqual({ failures: 0, blockedUntil: null });
    for (let failure = 1; failure <= 3; failure += 1) expect((await wrong(finance)).statusCode).toBe(401);
    expect((await wrong(finance)).statusCode).toBe(401);
  });

  it('a passkey sign-in clears the count too', async () => {
    const content = await signedInOperator(t, ['content']);
    const key = softwarePasskey();
    const origin = new URL(t.publicUrl).origin;
    const rpId = new URL(t.publicUrl).hostname;
    // The key is stored as adding one stores it; how a session may add one is another test's matter.
    const challenge = 'c2lnbi1pbi1saW1pdHMtdGVzdA';
    const registered = await verifyRegistrationResponse({
      response: passkeyRegistrationBody.shape.response.parse(key.register({ challenge }, origin, rpId)),
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
    });
    const credential = registered.registrationInfo!.credential;
    await t.db.insert(operatorPasskeys).values({
      id: credential.id,
      operatorId: content.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: [],
    });
    for (let failure = 1; failure <= 3; failure += 1) await wrong(content);
    expect((await stored(content.id)).failures).toBe(3);
    const options = (await t.inject({ method: 'POST', url: '/api/v2/ops/session/passkey-options' })).json<{
      data: { challenge_id: string; options: { challenge: string } };
    }>().data;
    const session = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/session/passkey',
      payload: { challenge_id: options.challenge_id, response: key.signIn(options.options, origin, rpId) },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(await stored(content.id)).toEqual({ failures: 0, blockedUntil: null });
  });

  it('mails the operator once after five failures in a row, in the language of the console that tried', async () => {
    const admin = await signedInOperator(t, ['admin']);
    const failUntil = async (count: number) => {
      for (let failure = (await stored(admin.id)).failures + 1; failure <= count; failure += 1) {
        const { blockedUntil } = await stored(admin.id);
        if (blockedUntil && blockedUntil > t.clock.now())
          t.clock.advance(Math.ceil((blockedUntil.getTime() - t.clock.now().getTime()) / 1000));
        const answer = await signIn(admin.email, 'not-the-password', '000000', { 'accept-language': 'fr-FR,fr;q=0.9' });
        expect(answer.statusCode).toBe(401);
      }
    };
    await failUntil(4);
    expect(smtp.mailsTo(admin.email).filter((mail) => mail.subject.startsWith('Connexions échouées'))).toEqual([]);
    await failUntil(5);
    const mail = await smtp.waitForMail(admin.email, { match: (received) => received.subject.startsWith('Connexions échouées') });
    expect(mail.text).toContain('5');
    expect(mail.text).not.toContain('not-the-password');
    await failUntil(7);
    expect(smtp.mailsTo(admin.email).filter((received) => received.subject.startsWith('Connexions échouées'))).toHaveLength(1);
  });

  it('an unknown email is answered as a wrong password, however often it is tried', async () => {
    for (let failure = 1; failure <= 6; failure += 1) {
      const answer = await signIn('nobody-here@roundtrip.test', 'whatever-password', '123456');
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.code).toBe('OPERATOR_SIGN_IN_FAILED');
    }
  });
});

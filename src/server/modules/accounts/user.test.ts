import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(databaseKinds)('GET and PATCH /api/v2/user on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const patch = (headers: Record<string, string>, payload: unknown) =>
    t.inject({ method: 'PATCH', url: '/api/v2/user', headers, payload: payload as object });

  it("shows each caller their own data and nobody else's", async () => {
    const alice = await customer(t, { name: 'Alice' });
    const bob = await customer(t, { name: 'Bob', country_code: 'fr', locale: 'fr-FR', zip_code: '75011' });
    const asAlice = await t.inject({ method: 'GET', url: '/api/v2/user', headers: alice.headers });
    const asBob = await t.inject({ method: 'GET', url: '/api/v2/user', headers: bob.headers });
    expect(asAlice.json()).toEqual({ data: alice.user });
    expect(asBob.json()).toEqual({ data: bob.user });
    expect(asBob.json().data.email).not.toBe(alice.user.email);

    // Bob's token changes Bob only, whatever the body says.
    const bobPatch = await patch(bob.headers, { name: 'Robert' });
    expect(bobPatch.json().data).toMatchObject({ id: bob.user.id, name: 'Robert' });
    expect((await t.inject({ method: 'GET', url: '/api/v2/user', headers: alice.headers })).json().data.name).toBe('Alice');
    const smuggled = await patch(bob.headers, { id: alice.user.id, name: 'Mallory' });
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json().error.fields).toEqual({ id: 'unknownField' });
    expect((await t.inject({ method: 'GET', url: '/api/v2/user', headers: alice.headers })).json().data.name).toBe('Alice');
  });

  it('updates personal data and answers the user', async () => {
    const { headers, user } = await customer(t);
    const response = await patch(headers, { name: '  Jamie R.  ', address: '1 Main St', city: 'Portland', state: 'OR', locale: 'en-GB' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...user,
      name: 'Jamie R.',
      address: '1 Main St',
      city: 'Portland',
      state: 'OR',
      locale: 'en-GB',
    });
    expect((await t.inject({ method: 'GET', url: '/api/v2/user', headers })).json().data).toEqual(response.json().data);

    const cleared = await patch(headers, { address: '' });
    expect(cleared.json().data.address).toBeNull();
  });

  it('accepts the unchanged email and zip code that a form sends back', async () => {
    const { headers, user } = await customer(t, { country_code: 'ca', locale: 'en-CA', zip_code: 'H2X 1Y4' });
    const response = await patch(headers, { email: user.email.toUpperCase(), zip_code: 'h2x1y4', city: 'Montréal' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ email: user.email, zip_code: 'H2X 1Y4', city: 'Montréal' });
  });

  it('answers 422 CONTACT_CUSTOMER_CARE for a new email or zip code and writes nothing', async () => {
    const { headers, user } = await customer(t);
    for (const change of [{ email: 'someone.else@example.com' }, { zip_code: '10001' }]) {
      const response = await patch(headers, { name: 'Changed Name', ...change });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: { code: 'CONTACT_CUSTOMER_CARE', message: 'To change your email or zip code, please contact customer care.' },
      });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, zipCode: user.zip_code, name: user.name });

    const fr = await patch({ ...headers, 'accept-language': 'fr' }, { zip_code: '10001' });
    expect(fr.json().error.message).toBe('Pour modifier votre adresse e-mail ou votre code postal, veuillez contacter le service client.');
    // The app in Canadian French sends fr-CA: the answer is in Quebec's words.
    const quebec = await patch({ ...headers, 'accept-language': 'fr-CA' }, { zip_code: '10001' });
    expect(quebec.json().error.message).toBe(
      'Pour modifier votre adresse courriel ou votre code postal, veuillez contacter le service à la clientèle.',
    );
  });

  it.each([
    ['a blank name', { name: '  ' }, { name: 'required' }],
    ['a huge address', { address: 'a'.repeat(10_000) }, { address: 'tooLong' }],
    ['a number for the city', { city: 42 }, { city: 'invalidValue' }],
    ['an unknown locale', { locale: 'xx-XX' }, { locale: 'invalidValue' }],
    ['an unknown field', { email_verified: true }, { email_verified: 'unknownField' }],
  ])('answers 400 for %s', async (_label, payload, fields) => {
    const { headers } = await customer(t);
    const response = await patch(headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
  });

  it('needs a token to read or change anything', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/v2/user' })).statusCode).toBe(401);
    const anonymous = await patch({}, { name: 'x' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
  });
});

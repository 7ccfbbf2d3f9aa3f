import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { databaseKinds } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { mailErrorSummary } from '../mail/mailer';
import { loggableError } from './error-handler';

describe.each(databaseKinds)('what the log keeps of a database error on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const failure = async (run: () => Promise<unknown>): Promise<unknown> => {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('the query did not fail');
  };

  it('a unique violation: SQLSTATE and constraint, not the email or the hash', async () => {
    const values = {
      email: 'private.person@example.com',
      passwordHash: '$argon2id$secret-hash',
      name: 'Private Person',
      countryCode: 'us',
      locale: 'en-US',
      zipCode: '97205',
    };
    await t.db.insert(users).values(values);
    const error = await failure(() => t.db.insert(users).values(values));
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('23505');
    expect(logged).not.toContain('private.person');
    expect(logged).not.toContain('secret-hash');
    expect(logged).not.toContain('Private Person');
  });

  it('a value the database quotes in its message is not logged either', async () => {
    const error = await failure(() => t.db.execute(sql`select ${'not-a-uuid-jane@example.com'}::uuid`));
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('jane@example.com');
  });

  it('other errors keep their message for whoever reads the log', () => {
    expect(loggableError(new RangeError('count must be 1 to 10000'))).toMatchObject({
      errorName: 'RangeError',
      message: 'count must be 1 to 10000',
    });
  });
});

describe('what the log keeps of a failed mail', () => {
  it('the SMTP codes, not the message that quotes the address', () => {
    const refused = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 <someone.private@example.com>: mailbox unavailable"),
      {
        code: 'EENVELOPE',
        responseCode: 550,
      },
    );
    expect(mailErrorSummary(refused)).toEqual({ name: 'Error', code: 'EENVELOPE', responseCode: 550 });
    expect(JSON.stringify(mailErrorSummary(refused))).not.toContain('someone.private');
  });
});

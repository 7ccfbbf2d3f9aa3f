import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { localeOfCountry, type SupportedLocale } from '#domain/markets';
import type { ContactBody } from '#domain/schemas/contact';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { contactSupportMail } from '../../mail/templates';

export interface ContactDependencies {
  db: Database;
  mailer: Mailer;
  supportEmail: string;
  now: Date;
  logger: FastifyBaseLogger;
}

/**
 * Stores the message first, so nothing is lost if the mail cannot go out, then forwards it to
 * support. A failed mail is logged and leaves `mailed_at` empty (the ops CLI lists such messages);
 * the sender is still told the message was received, because it was.
 */
export async function receiveContactMessage(deps: ContactDependencies, body: ContactBody, fallbackLocale: SupportedLocale) {
  const locale = body.locale ?? (body.country_code ? localeOfCountry(body.country_code) : fallbackLocale);
  const [stored] = await deps.db
    .insert(contactMessages)
    .values({
      name: body.name,
      email: body.email,
      topic: body.topic,
      message: body.message,
      locale,
      countryCode: body.country_code ?? null,
      createdAt: deps.now,
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!stored) throw new Error('the contact message was not stored');

  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      replyTo: body.email,
      kind: 'contact',
      ...contactSupportMail({
        id: stored.id,
        name: body.name,
        email: body.email,
        topic: body.topic,
        message: body.message,
        locale,
        countryCode: body.country_code,
        receivedAt: stored.createdAt,
      }),
    });
    await deps.db.update(contactMessages).set({ mailedAt: new Date() }).where(eq(contactMessages.id, stored.id));
  } catch (error) {
    deps.logger.error({ err: error, contactMessageId: stored.id }, 'contact message stored but not mailed to support');
  }
  return { id: stored.id, created_at: stored.createdAt.toISOString() };
}

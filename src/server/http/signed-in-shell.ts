import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { balanceResponse, type Balance } from '#domain/schemas/wallet';

type Money = Balance['balance'];

/**
 * A signed-in page's shell with the customer's balance already in it. The browser sends the session
 * cookie with the page's own request, so on a first (cold) visit the figure comes in the page itself
 * instead of in an answer the page's script asks for once it has been read: a round trip less on a
 * phone's connection before the customer sees their money. The figure is the one their own
 * `GET /user/balance` gives, asked in this process (the same token check, the same kept answer);
 * without a live token, or when that call is refused, the shell goes out as built and its script
 * does what it always did.
 */

/** The balance's place in a signed-in page's shell, as the build marks it (scripts/prerender.ts). */
const shellSlot = /<div data-balance-slot="shell">(?:(?!<\/?div)[\s\S])*<\/div>/;

/** A cookie's value from the request's Cookie header, as the app set it (URI-encoded). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(/;\s*/)) {
    if (!part.startsWith(`${name}=`)) continue;
    try {
      return decodeURIComponent(part.slice(name.length + 1));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The shell's HTML with `balance` in its slot, drawn as the page's script and the app draw it (the
 * page's language, the currency's own digits), marked current so that the script leaves it; none when
 * the page has no slot.
 */
export function shellWithBalance(html: string, balance: Money): string | undefined {
  const lang = /<html lang="([^"]+)"/.exec(html)?.[1];
  const slot = shellSlot.exec(html);
  if (!lang || !slot) return undefined;
  let text: string;
  try {
    text = new Intl.NumberFormat(lang, { style: 'currency', currency: balance.currency }).format(Number(balance.value));
  } catch {
    return undefined;
  }
  const figure = `<p class="wallet__balance"><span class="slot" data-testid="balance">${escapeHtml(text)}</span></p>`;
  return html.replace(slot[0], `<div data-balance-slot="shell" data-balance-current="">${figure}</div>`);
}

async function currentBalance(app: FastifyInstance, token: string): Promise<Money | undefined> {
  const answer = await app.inject({
    method: 'GET',
    url: '/api/v2/user/balance',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (answer.statusCode !== 200) return undefined;
  const parsed = balanceResponse.safeParse(answer.json());
  return parsed.success ? parsed.data.data.balance : undefined;
}

/**
 * Sends the shell `file` with the balance of the session the request carries, compressed as the
 * browser accepts. False when there is no live session or no slot: the caller sends the file as built.
 */
export async function sendShellWithBalance(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
): Promise<boolean> {
  const token = cookieValue(request.headers.cookie, 'token');
  if (!token) return false;
  const balance = await currentBalance(app, token);
  if (!balance) return false;
  const html = shellWithBalance(await readFile(file, 'utf8'), balance);
  if (html === undefined) return false;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .type('text/html; charset=utf-8')
    // Someone's balance: kept by their browser at most, never by a cache between.
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Language, Cookie');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    await reply.send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    await reply.send(gzipSync(html));
  } else {
    await reply.send(html);
  }
  return true;
}

import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Strict headers on every answer, the built app's pages included. Helmet's middleware is built
 * once, here: the Fastify plugin built it anew for every request (parsing the policy each time),
 * which took about 8 % of the server's CPU under the read-after-write bench.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    extraConnectSources: string[];
    /** Hashes of the build's own inline scripts (static-app.ts prerenderedScriptSources). */
    inlineScriptSources: string[];
  },
) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The scanner's decoder is WebAssembly (ZXing C++): compiling it needs 'wasm-unsafe-eval',
        // which allows no eval() of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...options.inlineScriptSources],
        // React and MapLibre set style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.extraConnectSources],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Sent only over TLS (below): over plain http it would pin localhost to https.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    reply.header('permissions-policy', 'camera=(self), geolocation=(self), microphone=()');
  });
}

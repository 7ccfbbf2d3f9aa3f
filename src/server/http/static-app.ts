import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/**
 * Serves the built PWA. Any path that is not a file or an API call gets the
 * app's shell, whose router shows the page or its own "Page not found".
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string) {
  const shell = path.join(staticDir, 'index.html');
  const hasBuild = existsSync(shell);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/compress-dist.mjs).
      preCompressed: true,
      // Our own headers below; the plugin's default would overwrite them with max-age=0.
      cacheControl: false,
      // Source maps stay on the server's disk (for the bench and for us): never served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(response, filePath) {
        const relative = path.relative(staticDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          response.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          // The shell, the service worker and the manifest must be revalidated to pick up a new version.
          response.setHeader('cache-control', 'no-cache');
        }
      },
    });
    // The static plugin refuses to list the root folder; the root path is the shell like any page.
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (hasBuild && wantsPage && !path.extname(pathname)) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    throw new ApiError(404, 'NOT_FOUND');
  });
}

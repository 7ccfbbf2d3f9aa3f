import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pathToFileURL } from 'node:url';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
/** scripts/prerender.ts builds the page renderer (src/app/prerender.tsx) on its own, outside dist/. */
const prerenderBuild = process.env.PRERENDER_BUILD === 'true';

/** Modules the entry statically needs: index.html's own module, main.tsx and CSS stay out (see `build`). */
const firstLoadModule = (id: string) => !/(?:^|[\\/])index\.html$|[\\/]src[\\/]app[\\/]main\.tsx$|\.css$/.test(id);

/**
 * The operators' console in one chunk named `console` (its route file's lazy part, its feature
 * folder, the schemas of its calls and the passkey library), so the service worker's precache can
 * leave it out by name: customers never download it. Its catalogues (`console.po`) get chunks
 * of that name by themselves.
 */
const operatorConsoleModule = (id: string) =>
  /[\\/]src[\\/]app[\\/]features[\\/]console[\\/]/.test(id) ||
  /[\\/]src[\\/]domain[\\/]schemas[\\/]operator(s|-answers|-passkeys|-requests|-notices)\.ts$/.test(id) ||
  // The content area's schemas and what they need that customers never run (their pages import the
  // namespaces' types only). Left out, they would go to the route's own chunk, which imports this
  // one and which this one would import back: a cycle in which these schemas are still undefined
  // when the console's modules build theirs.
  /[\\/]src[\\/]domain[\\/](schemas[\\/](content|missing-texts|bins-import)|content[\\/]namespaces|reject-reasons)\.ts$/.test(id) ||
  // Parts of the form kit only console screens use today (the confirmation before an irreversible
  // step, a chosen file read): split by who imports them they made a chunk that the console
  // imports and that imports the console back. A customer screen that needs one takes it out of here.
  /[\\/]src[\\/]app[\\/]ui[\\/](confirm-dialog\.tsx|read-chosen-file\.ts)$/.test(id) ||
  /[\\/]node_modules[\\/]@simplewebauthn[\\/]browser[\\/]/.test(id) ||
  // Pages of an answer ("Show older entries" in the audit trail): no customer page pages that way.
  /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/].*[iI]nfinite/.test(id) ||
  (/[\\/]src[\\/]app[\\/]routes[\\/]\{-\$country\}[\\/]ops[\\/]/.test(id) && id.includes('tsr-split'));

/**
 * The camera picture and its reading loop, shared by the customer's scanner and the operators'
 * check-in, in a chunk of its own name (bench/scanner.ts counts it with the scan route). The
 * detectors stay out (the account page loads them alone, to keep the decoder for offline use), and
 * so does the WebAssembly decoder, imported on demand where no native detector reads QR codes.
 */
const cameraModule = (id: string) => /[\\/]src[\\/]app[\\/]lib[\\/]camera[\\/](camera|camera-view|feedback)\.(ts|tsx|css)$/.test(id);

/**
 * What the account page's scan form and the scan page share: the QR detectors and the code rules
 * (which the operators' check-in shares too) with the scan's call and messages (which it does not),
 * in one chunk, as before the console: split by who imports them, they made two chunks that both
 * pages load together, each with its own imports and exports, and both in the precache.
 */
const scanSharedModule = (id: string) =>
  /[\\/]src[\\/]app[\\/]lib[\\/]camera[\\/]detectors\.ts$/.test(id) ||
  /[\\/]src[\\/]domain[\\/]container-codes\.ts$/.test(id) ||
  /[\\/]src[\\/]app[\\/]features[\\/]scan[\\/](scan-messages|api[\\/]record-scan)\.ts$/.test(id);

/**
 * The wallet's schemas with the disputes' they import: every page that loads the first loads the
 * second, and the console's use of the disputes' alone would otherwise split them in two files.
 */
const walletSchemaModule = (id: string) => /[\\/]src[\\/]domain[\\/]schemas[\\/](wallet|disputes)\.ts$/.test(id);

/**
 * zod in one chunk. Split by who imports them, the few parts of zod only some domain schemas use
 * fall apart from it once the console shares those schemas: coerce (the wallet's and the news'
 * schemas) became a 92-byte file of the precache with its own imports and exports.
 */
const zodModule = (id: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(id);

/**
 * What the forms share, in one chunk: the text field, the submit hook with its field errors, the
 * error keys, and react-query's useMutation. Split by who imports them they were four files of
 * about 1 KB each on the login page's first load, each one more request to wait for on a phone's
 * six connections (bench: Lighthouse on `/us/login`).
 */
const formModule = (id: string) =>
  /[\\/]src[\\/]app[\\/]ui[\\/](text-field\.tsx|field-frame\.tsx|use-form-submit\.ts|field-errors\.ts)$|[\\/]src[\\/]domain[\\/]errors\.ts$|[\\/]@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/]mutationObserver|react-query[\\/]build[\\/]modern[\\/]useMutation)\.js$/.test(
    id,
  );

/** zod's JSON Schema output: the server's OpenAPI document uses it (src/server), the app never does. */
const zodJsonSchemaModule = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;

/**
 * zod's schemas carry their JSON Schema output as methods, so the app's zod chunk held it all (a
 * fifth of the chunk, about 4 KB gzip on every page that validates an answer) although no page
 * ever turns a schema into JSON Schema. In the app's build those two modules keep their names with
 * nothing behind them: a call says so instead of returning a wrong document. The server and the
 * tests load zod from node_modules as it is.
 */
function zodWithoutJsonSchema(): Plugin {
  const unavailable = 'zod: JSON Schema output is not part of the app build (vite.config.ts, zodWithoutJsonSchema)';
  return {
    name: 'roundtrip:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!zodJsonSchemaModule.test(file)) return null;
      const names = Object.keys((await import(pathToFileURL(file).href)) as Record<string, unknown>);
      // Each name is a function that gives back a function that throws: the schemas build their
      // `~standard` object with two of them when it is read, and must still get that object.
      return [
        `const unavailable = () => { throw new Error(${JSON.stringify(unavailable)}); };`,
        'const method = () => unavailable;',
        ...names.map((name) => `export { method as ${name} };`),
      ].join('\n');
    },
  };
}

/**
 * One copy of TanStack Query's core in the app. The persister packages (saving the query cache)
 * pin an older core than react-query's, so npm installs both, and the first load of every page
 * carried parts of the second (dehydrate and hydrate, the timers) beside react-query's own. The
 * persisters take react-query's copy here: the same API, one cache, one set of timers.
 */
function oneQueryCore(): Plugin {
  return {
    name: 'roundtrip:one-query-core',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (
        source !== '@tanstack/query-core' ||
        !importer ||
        !/[\\/]@tanstack[\\/](query-persist-client-core|query-async-storage-persister|react-query-persist-client)[\\/]/.test(importer)
      )
        return null;
      const reactQuery = await this.resolve('@tanstack/react-query', undefined, { ...options, skipSelf: true });
      return reactQuery ? this.resolve(source, reactQuery.id, { ...options, skipSelf: true }) : null;
    },
  };
}

/**
 * The `app` chunk (every module of the first load) is imported by every route chunk, so a stylesheet
 * it carried would be asked for again by each of them, and linked once more (render-blocking) on the
 * prerendered pages that already inline it. CSS of the first load belongs in styles.css; a route's
 * or a feature's own CSS is imported by a component the route's lazy chunk holds, not by the route file.
 */
function firstLoadChunkWithoutCss(): Plugin {
  return {
    name: 'roundtrip:first-load-chunk-without-css',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.name !== 'app') continue;
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        const modules = Object.keys(chunk.modules).filter((id) => /\.css(?:$|\?)/.test(id));
        if (css.length > 0)
          this.error(
            `The first-load chunk carries CSS (${css.join(', ')}; from ${modules.join(', ')}): move the import (see vite.config.ts)`,
          );
      }
    },
  };
}

export default defineConfig({
  plugins: [
    // plugin-react 6 dropped its babel option; the Lingui macro still needs Babel. It runs
    // first so that the router's code splitting sees plain calls, not macros.
    babel({
      include: /src[\\/]app[\\/].*\.[jt]sx?(?:$|\?)/,
      plugins: ['@lingui/babel-plugin-lingui-macro'],
    }),
    // The router plugin must run before React so that it can split route files.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A loader travels with its component: loaders import the response schemas (zod), which
      // would otherwise sit in the first load of every page. One chunk, so still one round trip.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['errorComponent', 'notFoundComponent', 'pendingComponent'],
        ],
      },
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    lingui(),
    // The service worker (sw/sw.ts) is built by Workbox's injectManifest: our own code, with the
    // list of built files injected. The app registers it itself (src/app/features/offline/start-offline.ts)
    // and asks before switching to a new version, so nothing reloads in the middle of a form.
    !prerenderBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        // One manifest per language lives in public/ (manifest-<locale>.webmanifest), linked by the app.
        manifest: false,
        injectManifest: {
          // The shell, every chunk (each locale's catalogue is its own chunk), styles, icons and manifests;
          // the map's worker (.mjs) and its offline basemap (world-atlas .json).
          globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest,json}'],
          // Product pictures are cached when first shown (sw.ts), not all up front.
          // Prerendered pages are for a first visit; with the service worker the shell renders them.
          // The operators' console is for operators only: it loads from the network when opened.
          globIgnores: ['**/images/**', '**/*.map', 'sw.js', '**/prerendered/**', '**/console-*'],
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
        devOptions: { enabled: process.env.SW_DEV === 'true', type: 'module' },
      }),
    !prerenderBuild && firstLoadChunkWithoutCss(),
    !prerenderBuild && zodWithoutJsonSchema(),
    oneQueryCore(),
  ],
  server: {
    // Page content (/locales/{lng}/{ns}.json) is served by the API server too.
    proxy: { '/api': apiTarget, '/locales': apiTarget },
  },
  build: prerenderBuild
    ? { target: 'es2022', outDir: '.tmp/prerender-build', emptyOutDir: true, rolldownOptions: { input: 'prerender.html' } }
    : {
        target: 'es2022',
        // Written for our own tools (bench/bundle.ts), not referenced by the bundles and not served.
        sourcemap: 'hidden',
        // scripts/prerender.ts reads which chunks each route needs (and deletes the manifest).
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Everything the first load needs, in one chunk (`app`) rather than the dozens of small
              // shared chunks (one per route file, each with its own list of files to preload) the
              // automatic splitting makes of it: a first visit downloads and decompresses less.
              // index.html's module and main.tsx stay out: their chunk is the entry, which holds the
              // stylesheet (styles.css); the route chunks import `app`, never the entry, so they do
              // not list that stylesheet again (firstLoadChunkWithoutCss).
              groups: [
                { name: 'app', tags: ['$initial'], test: firstLoadModule },
                // Only the console's own modules: what it shares with customer pages (zod, the camera)
                // stays in their chunks, which customers need anyway.
                { name: 'console', test: operatorConsoleModule, includeDependenciesRecursively: false },
                { name: 'camera', test: cameraModule, includeDependenciesRecursively: false },
                { name: 'detectors', test: scanSharedModule, includeDependenciesRecursively: false },
                { name: 'wallet', test: walletSchemaModule, includeDependenciesRecursively: false },
                { name: 'zod', test: zodModule, includeDependenciesRecursively: false },
                { name: 'forms', test: formModule, includeDependenciesRecursively: false },
                // The schema of GET /user, which every signed-in page loads on demand (lib/me.ts): a
                // chunk of this name, which scripts/prerender.ts preloads in the signed-in shells.
                { name: 'customer-answer', test: /[\\/]src[\\/]domain[\\/]schemas[\\/]user\.ts$/, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
});

#!/usr/bin/env node
// Writes one web app manifest per language (public/manifest-<locale>.webmanifest). The app
// links the one of the visitor's language (src/app/features/offline/start-offline.ts).
// Shortcuts: "Scan" opens the camera scanner (/user/scan), "Return points" the map (/map).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const locales = {
  'en-US': {
    cc: 'us',
    description: 'Return reusable containers and get your deposit back.',
    scan: 'Scan a container',
    map: 'Return points',
  },
  'en-GB': {
    cc: 'uk',
    description: 'Return reusable containers and get your deposit back.',
    scan: 'Scan a container',
    map: 'Return points',
  },
  'en-CA': {
    cc: 'ca',
    description: 'Return reusable containers and get your deposit back.',
    scan: 'Scan a container',
    map: 'Return points',
  },
  'fr-CA': {
    cc: 'ca',
    description: 'Rapportez vos contenants réutilisables et récupérez votre consigne.',
    scan: 'Scanner un contenant',
    map: 'Points de retour',
  },
  'fr-FR': {
    cc: 'fr',
    description: 'Rapportez vos contenants réutilisables et récupérez votre consigne.',
    scan: 'Scanner un contenant',
    map: 'Points de retour',
  },
  'ja-JP': { cc: 'jp', description: 'リユース容器を返却して、デポジットを受け取りましょう。', scan: '容器をスキャン', map: '返却場所' },
};
const icons = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
for (const [locale, text] of Object.entries(locales)) {
  const manifest = {
    id: '/',
    name: 'Roundtrip',
    short_name: 'Roundtrip',
    description: text.description,
    lang: locale,
    dir: 'ltr',
    start_url: `/${text.cc}/?source=pwa`,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0f5b3a',
    background_color: '#ffffff',
    categories: ['shopping', 'lifestyle'],
    icons,
    shortcuts: [
      {
        name: text.scan,
        short_name: text.scan,
        url: `/${text.cc}/user/scan?source=shortcut`,
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
      {
        name: text.map,
        short_name: text.map,
        url: `/${text.cc}/map?source=shortcut`,
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  };
  writeFileSync(path.join(root, 'public', `manifest-${locale}.webmanifest`), `${JSON.stringify(manifest, null, 2)}\n`);
}
process.stdout.write('Manifests written to public/\n');

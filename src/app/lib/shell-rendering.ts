/**
 * Build only (src/app/prerender.tsx): while the prerenderer draws a signed-in page's shell, the app
 * behaves as for a signed-in customer whose data has not arrived yet: the signed-in navigation, the
 * page's headings and its loading states, and no call to the API. Never set in the app itself.
 */
let renderingShell = false;

export const isRenderingSignedInShell = (): boolean => renderingShell;

export function setRenderingSignedInShell(value: boolean): void {
  renderingShell = value;
}

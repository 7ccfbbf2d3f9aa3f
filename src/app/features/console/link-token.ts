/**
 * The token of a mailed link (an invitation, a password reset) travels in the link's fragment,
 * which no server or proxy log sees.
 */
export function tokenFromHash(): string {
  return typeof location === 'undefined' ? '' : decodeURIComponent(location.hash.replace(/^#/, ''));
}

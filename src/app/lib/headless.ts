/**
 * Headless mode (an app embedding these pages): no consent or analytics script, no
 * navigation bar or footer. The flag is read from the address that opened the tab and
 * kept for the tab, because links inside the app do not carry the query along.
 */
const headlessKey = 'headless';

function detect(): boolean {
  const value = new URLSearchParams(location.search).get('headless');
  try {
    if (value === 'false' || value === '0') sessionStorage.removeItem(headlessKey);
    else if (value !== null) sessionStorage.setItem(headlessKey, '1');
    return sessionStorage.getItem(headlessKey) === '1';
  } catch {
    return value !== null && value !== 'false' && value !== '0';
  }
}

export const headless: boolean = detect();

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/**
 * GET /user/export, saved as a file. The call needs the bearer token, which a plain link
 * cannot send, so the JSON is fetched and handed to the browser as a download. It is never
 * put in the query cache: the file is the person's, not the app's.
 */
export async function downloadPersonalData(): Promise<void> {
  const data = await apiRequest('/user/export', { auth: true });
  const day = new Date().toISOString().slice(0, 10);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `roundtrip-personal-data-${day}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the address can go once it has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadPersonalData() {
  return useMutation({ mutationFn: downloadPersonalData });
}

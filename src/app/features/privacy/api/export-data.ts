import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/**
 * GET /user/export, saved as a file. The call needs the bearer token, which a plain link
 * cannot send, so the JSON is fetched and handed to the browser as a download. It is never
 * put in the query cache: the file is the person's, not the app's.
 */
export async function downloadPersonalData(now: Date = new Date()): Promise<void> {
  const data = await apiRequest('/user/export', { auth: true });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = personalDataFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the address can go once it has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The file's name carries the day as the customer lives it, in their own time zone: at 8 a.m. in
 * Tokyo the file is today's, not yesterday's as UTC would have it. Year-month-day, so the files sort.
 */
export function personalDataFileName(now: Date, timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `roundtrip-personal-data-${part('year')}-${part('month')}-${part('day')}.json`;
}

export function useDownloadPersonalData() {
  return useMutation({ mutationFn: () => downloadPersonalData() });
}

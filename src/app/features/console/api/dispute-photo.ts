import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { consoleBlob } from '../console-api';

/** GET /ops/disputes/{id}/photo: the JPEG, fetched with the bearer header an <img> cannot send. */
export function fetchDisputePhoto(id: string, signal?: AbortSignal): Promise<Blob> {
  return consoleBlob(`/disputes/${encodeURIComponent(id)}/photo`, signal);
}

export const disputePhotoQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['ops', 'dispute-photo', id], queryFn: ({ signal }) => fetchDisputePhoto(id, signal), staleTime: Infinity });

/** The photo as an object URL for an <img>, revoked when the card goes away. */
export function useDisputePhotoUrl(id: string, enabled: boolean): { url: string | undefined; failed: boolean } {
  const photo = useQuery({ ...disputePhotoQueryOptions(id), enabled });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!photo.data) return;
    const objectUrl = URL.createObjectURL(photo.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.data]);
  return { url, failed: photo.isError };
}

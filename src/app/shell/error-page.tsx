import { useLingui } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Page } from '../ui/page';

/** Shown when a page fails to load (a chunk missing after a deploy, a crash): say so, offer a retry. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Page title={t`Something went wrong`} description={t`This page could not be shown.`}>
      <p>{t`This page could not be shown. Check your connection and try again.`}</p>
      <p className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {t`Try again`}
        </button>
        <a href="/" className="button button--secondary">
          {t`Go to the home page`}
        </a>
      </p>
    </Page>
  );
}

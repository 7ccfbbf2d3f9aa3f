import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validateContainerCode } from '../../../domain/container-codes';
import { isApiError } from '../../lib/api';
import { TextField } from '../../ui/text-field';
import { notify } from '../../ui/notifications';
import { newScan, useRecordScan } from './api/record-scan';

/**
 * Record a scan by typing the code printed under the QR label. The code is checked on the
 * phone first (format and check symbol), then sent with an id made here, so a retry can
 * never record it twice.
 */
export function ScanForm() {
  const { t } = useLingui();
  const record = useRecordScan();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  function problemText(problem: 'empty' | 'format' | 'checksum' | 'foreign'): string {
    switch (problem) {
      case 'empty':
        return t`Please enter the code printed under the QR code.`;
      case 'checksum':
        return t`This code has a typo: check each character and try again.`;
      default:
        return t`A container code has 11 letters and digits, like 8B3GG-1FWKZ-Y.`;
    }
  }

  function serverText(errorValue: unknown): string {
    if (!isApiError(errorValue)) return t`Something went wrong`;
    switch (errorValue.code) {
      case 'CONTAINER_CODE_FORMAT':
        return problemText('format');
      case 'CONTAINER_CHECKSUM':
        return problemText('checksum');
      case 'CONTAINER_UNKNOWN':
        return t`Sorry, we don't recognise this code.`;
      case 'CONTAINER_OTHER_MARKET':
        return t`This container belongs to another country's program and cannot be returned here.`;
      case 'CONTAINER_ALREADY_PENDING':
        return t`This container has already been scanned and is waiting for check-in.`;
      case 'SCAN_TOO_OLD':
        return t`This scan is too old to be recorded.`;
      case 'NETWORK':
        return t`You seem to be offline. Please try again when you are connected.`;
      default:
        return errorValue.message || t`Something went wrong`;
    }
  }

  function fail(text: string) {
    setError(text);
    requestAnimationFrame(() => document.getElementById('container-code')?.focus());
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateContainerCode(code);
    if (!checked.ok) {
      fail(problemText(checked.problem));
      return;
    }
    setError(undefined);
    // Sent directly: the offline outbox (issue 4) was not committed yet when this was written.
    record.mutate(newScan(checked.code), {
      onSuccess: (scan) => {
        setCode('');
        const product = scan.product.name;
        notify({ kind: 'success', title: t`Scan recorded`, description: t`${product} is waiting for check-in.` });
      },
      onError: (errorValue) => fail(serverText(errorValue)),
    });
  }

  return (
    <form className="form scan-form" noValidate onSubmit={onSubmit} data-testid="scan-form">
      <TextField
        id="container-code"
        label={t`Container code`}
        hint={t`Type the code printed under the QR code on the container.`}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={error}
      />
      <button type="submit" className="button" disabled={record.isPending}>
        {t`Record the scan`}
      </button>
    </form>
  );
}

import { t } from '@lingui/core/macro';
import type { ContainerCodeProblem } from '#domain/container-codes';

/** Why a code was not taken, checked on the phone: typed by hand (a typo) or read by the camera (a misread). */
export function codeProblemText(problem: ContainerCodeProblem, typedByHand: boolean): string {
  switch (problem) {
    case 'empty':
      return t`Please enter the code printed under the QR code.`;
    case 'checksum':
      return typedByHand
        ? t`This code has a typo: check each character and try again.`
        : t`The code was misread. Hold the phone steady and try again.`;
    case 'foreign':
      return t`Sorry, we don't recognise this code.`;
    default:
      return t`A container code has 11 letters and digits, like 8B3GG-1FWKZ-Y.`;
  }
}

/**
 * The server's answer to a code someone else's scan holds: not a refusal, the scan is kept as a claim
 * our team reviews when the container arrives. The scan screen's answer and list, the account page's
 * form and the history row all say it with the same words (`underReviewText`).
 */
export const claimRecordedCode = 'CONTAINER_CLAIM_RECORDED';

/** The one state of a container someone else scanned first, wherever it is shown. */
export function underReviewText(): string {
  return t`Under review: someone else scanned this container first`;
}

/** The scan's answer: that state, then what happens next (the history row's details say the same). */
export function underReviewAnswerText(): string {
  return t`Under review: someone else scanned this container first. Our team checks both scans when the container arrives. Its deposit is pending meanwhile.`;
}

/** Why the server refused a scan (or could not be reached), for the scan form and the scanner. */
export function scanRefusalText(code: string, message: string): string {
  switch (code) {
    case 'CONTAINER_CODE_FORMAT':
      return codeProblemText('format', true);
    case 'CONTAINER_CHECKSUM':
      return codeProblemText('checksum', true);
    case 'CONTAINER_UNKNOWN':
      return t`Sorry, we don't recognise this code.`;
    case 'CONTAINER_OTHER_MARKET':
      return t`This container belongs to another country's program and cannot be returned here.`;
    case 'CONTAINER_ALREADY_PENDING':
      return t`This container has already been scanned and is waiting for check-in.`;
    case claimRecordedCode:
      return underReviewAnswerText();
    case 'TOO_MANY_OPEN_CLAIMS':
      return t`Someone else scanned this container first, and you already have several such containers waiting for our team. This scan was not noted: please wait until our team has looked at the others.`;
    case 'SCAN_TOO_OLD':
      return t`This scan is too old to be recorded.`;
    case 'NETWORK':
      return t`You seem to be offline. Please try again when you are connected.`;
    default:
      return message || t`Something went wrong`;
  }
}

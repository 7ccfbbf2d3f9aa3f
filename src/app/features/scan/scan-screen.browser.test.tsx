import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { containerCodeFromRandom } from '#domain/container-codes';
import { meQueryKey } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { fakeApi, signIn, type FakeRoutes } from '../../testing/fake-network';
import { renderComponent } from '../../testing/render';
import { ScanScreen } from './scan-screen';

const code = containerCodeFromRandom(new Uint8Array([12, 34, 56, 78, 90, 123, 45]));
const otherCode = containerCodeFromRandom(new Uint8Array([200, 1, 2, 3, 4, 5, 6]));
const thirdCode = containerCodeFromRandom(new Uint8Array([7, 77, 177, 17, 107, 70, 1]));

/** What the fake camera's QR detector reads in the current frame (the browser's BarcodeDetector, replaced). */
let codesInView: string[] = [];
let paintTimer: ReturnType<typeof setInterval> | undefined;

class FakeBarcodeDetector {
  static getSupportedFormats(): Promise<string[]> {
    return Promise.resolve(['qr_code']);
  }
  detect(): Promise<{ rawValue: string }[]> {
    return Promise.resolve(codesInView.map((rawValue) => ({ rawValue })));
  }
}

/** A camera that films a canvas: the video plays real frames, and the detector above reads them. */
function cameraThatFilms(): MediaStream {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 240;
  const context = canvas.getContext('2d');
  let shade = 0;
  paintTimer = setInterval(() => {
    shade = (shade + 16) % 256;
    if (context) context.fillStyle = `rgb(${shade}, 120, 80)`;
    context?.fillRect(0, 0, canvas.width, canvas.height);
  }, 40);
  return canvas.captureStream(25);
}

function cameraRefusing(name: string) {
  return vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockRejectedValue(new DOMException('camera', name));
}

async function renderScanner(routes: FakeRoutes = {}) {
  signIn();
  queryClient.setQueryData(meQueryKey, { id: '41' });
  const api = fakeApi(routes);
  await renderComponent(<ScanScreen country="us" initialCode={undefined} onInitialCodeTaken={() => undefined} />, {
    path: '/us/user/scan',
  });
  return api;
}

beforeEach(() => {
  codesInView = [];
  vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
});

afterEach(() => {
  clearInterval(paintTimer);
  vi.restoreAllMocks();
});

describe('scan screen, camera problems', () => {
  it('blocked: says how to allow it, hides the empty viewfinder, and "Try again" opens the camera', async () => {
    const getUserMedia = cameraRefusing('NotAllowedError');
    await renderScanner();
    const problem = page.getByRole('alert');
    await expect.element(problem).toHaveTextContent(/^Camera access is blocked/);
    await expect.element(problem).toHaveTextContent(/choose Allow, then try again/);
    await expect.element(page.getByLabelText('Camera view')).not.toBeVisible();
    await expect.element(page.getByText('Point the camera at the QR code on the container.')).not.toBeInTheDocument();

    getUserMedia.mockResolvedValue(cameraThatFilms());
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
    await expect.element(page.getByLabelText('Camera view')).toBeVisible();
    await expect.element(page.getByRole('status')).toHaveTextContent('Point the camera at the QR code on the container.');
  });

  it('no camera: says so without a way to retry, and the code field comes first with the focus', async () => {
    cameraRefusing('NotFoundError');
    await renderScanner();
    await expect.element(page.getByRole('alert')).toHaveTextContent(/^No camera found/);
    await expect.element(page.getByRole('alert').getByRole('button')).not.toBeInTheDocument();
    const field = page.getByRole('textbox', { name: 'Container code' });
    await expect.element(field).toHaveFocus();
    // First on the screen, above the count: what a person without a camera needs.
    const [form, count] = [field.element(), page.getByText('0 containers scanned').element()];
    expect(form.compareDocumentPosition(count) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('no camera: what is typed into the field while the camera is asked for is kept when the field moves up', async () => {
    // The camera's answer comes only when the test says: the field is typed into before it.
    let refuse: (error: DOMException) => void = () => undefined;
    vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    await renderScanner();
    const field = page.getByRole('textbox', { name: 'Container code' });
    await expect.element(field).toBeVisible();
    // The field the person is typing into when the camera's answer moves the form to the top.
    const typedInto = field.element();
    if (!(typedInto instanceof HTMLInputElement)) throw new Error('the code field is not an input');
    refuse(new DOMException('camera', 'NotFoundError'));
    await expect.element(page.getByRole('alert')).toHaveTextContent(/^No camera found/);
    // A key press that reaches the field it was typed into, as the browser delivers it.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(typedInto, code);
    typedInto.dispatchEvent(new Event('input', { bubbles: true }));
    await expect.element(field).toHaveValue(code);
  });

  it('in use: says what to close and offers to try again', async () => {
    cameraRefusing('NotReadableError');
    await renderScanner();
    await expect.element(page.getByRole('alert')).toHaveTextContent(/^The camera is in use/);
    await expect.element(page.getByRole('alert').getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('in French and Japanese, the guidance is in the person’s language', async () => {
    cameraRefusing('NotAllowedError');
    signIn();
    queryClient.setQueryData(meQueryKey, { id: '41' });
    fakeApi({});
    for (const [locale, title] of [
      ['fr-FR', 'L’accès à la caméra est bloqué'],
      ['ja-JP', 'カメラへのアクセスがブロックされています'],
    ] as const) {
      const screen = await renderComponent(<ScanScreen country="fr" initialCode={undefined} onInitialCodeTaken={() => undefined} />, {
        locale,
      });
      await expect.element(page.getByRole('alert')).toHaveTextContent(new RegExp(`^${title}`));
      await screen.unmount();
    }
  });
});

describe('scan screen, reading codes', () => {
  it('a label in view is recorded once the server took it: one answer, the count and the list say so', async () => {
    vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockResolvedValue(cameraThatFilms());
    const api = await renderScanner({ 'POST /scans': { status: 201, body: {} } });
    await expect.element(page.getByLabelText('Camera view')).toBeVisible();
    codesInView = [`${window.location.origin}/r/${code}`];

    await expect.element(page.getByRole('status')).toHaveTextContent(`Container ${code} scanned.`);
    await expect.element(page.getByText('1 container scanned')).toBeVisible();
    const list = page.getByRole('region', { name: 'Scanned in this session' });
    await expect.element(list.getByRole('listitem')).toHaveTextContent(`${code} Recorded`);
    // Still in view in the next frames: the same label, not a second scan.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.to('POST /scans')).toHaveLength(1);
    expect(api.to('POST /scans')[0]?.body).toMatchObject({ code });
  });

  it('a container the server does not know gets one red answer with our reason, and its line says Refused', async () => {
    vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockResolvedValue(cameraThatFilms());
    await renderScanner({
      'POST /scans': { status: 404, body: { error: { code: 'CONTAINER_UNKNOWN', message: 'Unknown container' } } },
    });
    await expect.element(page.getByLabelText('Camera view')).toBeVisible();
    codesInView = [code];

    await expect.element(page.getByRole('status')).toHaveTextContent("Sorry, we don't recognise this code.");
    await expect.element(page.getByText('0 containers scanned')).toBeVisible();
    await expect.element(page.getByRole('listitem')).toHaveTextContent(`${code} Refused`);
  });

  it('a container someone else scanned first is under review, not refused: the answer, the count and its line say the same', async () => {
    vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockResolvedValue(cameraThatFilms());
    await renderScanner({
      'POST /scans': {
        status: 409,
        body: { error: { code: 'CONTAINER_CLAIM_RECORDED', message: 'server text', fields: { code: 'invalidValue' } } },
      },
    });
    await expect.element(page.getByLabelText('Camera view')).toBeVisible();
    codesInView = [code];

    const underReview = 'Under review: someone else scanned this container first';
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(`${underReview}. Our team checks both scans when the container arrives.`);
    await expect.element(page.getByRole('status')).not.toHaveClass(/scan-feedback--refused/);
    await expect.element(page.getByText('1 container scanned')).toBeVisible();
    await expect.element(page.getByRole('listitem')).toHaveTextContent(`${code} ${underReview}`);
  });

  it('a container refused for too many open claims is said so in the person’s language, and not sent again', async () => {
    vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockResolvedValue(cameraThatFilms());
    signIn();
    queryClient.setQueryData(meQueryKey, { id: '41' });
    const api = fakeApi({
      'POST /scans': { status: 422, body: { error: { code: 'TOO_MANY_OPEN_CLAIMS', message: 'server text' } } },
    });
    for (const [locale, text] of [
      ['en-US', 'Someone else scanned this container first, and you already have several such containers waiting for our team'],
      ['fr-FR', 'Quelqu’un d’autre a scanné ce contenant avant vous, et plusieurs contenants de ce genre attendent déjà notre équipe'],
      ['ja-JP', 'この容器は先に別の方がスキャンしています。同じような容器がすでにいくつも担当者の確認を待っている'],
    ] as const) {
      const screen = await renderComponent(<ScanScreen country="us" initialCode={undefined} onInitialCodeTaken={() => undefined} />, {
        path: '/us/user/scan',
        locale,
      });
      codesInView = [locale === 'en-US' ? code : locale === 'fr-FR' ? otherCode : thirdCode];
      await expect.element(page.getByRole('status')).toHaveTextContent(text);
      codesInView = [];
      await screen.unmount();
    }
    // Refused is final: the outbox keeps none of them to send again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.to('POST /scans')).toHaveLength(3);
  });

  it('offline, two labels in one frame are kept on the phone and said so in one line', async () => {
    vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockResolvedValue(cameraThatFilms());
    await renderScanner({ 'POST /scans': 'network-down' });
    await expect.element(page.getByLabelText('Camera view')).toBeVisible();
    codesInView = [code, otherCode];

    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent('2 containers are saved on this phone and will be sent as soon as you are online.');
    await expect.element(page.getByText('2 containers scanned')).toBeVisible();
    const lines = page.getByRole('listitem');
    await expect.element(lines.nth(0)).toHaveTextContent('Waiting to upload');
    await expect.element(lines.nth(1)).toHaveTextContent('Waiting to upload');
  });

  it('another site’s QR code is not ours, and nothing is sent', async () => {
    vi.spyOn(navigator.mediaDevices, 'getUserMedia').mockResolvedValue(cameraThatFilms());
    const api = await renderScanner();
    await expect.element(page.getByLabelText('Camera view')).toBeVisible();
    codesInView = ['https://example.com/menu'];
    await expect.element(page.getByRole('status')).toHaveTextContent("Sorry, we don't recognise this code.");
    expect(api.requests).toHaveLength(0);
  });

  it('with nobody known on this device, a code is not kept and the screen asks to sign in', async () => {
    cameraRefusing('NotFoundError');
    fakeApi({});
    await renderComponent(<ScanScreen country="us" initialCode={undefined} onInitialCodeTaken={() => undefined} />);
    await page.getByRole('textbox', { name: 'Container code' }).fill(code);
    await page.getByRole('button', { name: 'Record the scan' }).click();
    await expect.element(page.getByRole('status')).toHaveTextContent('Log in to record your returns.');
    await expect.element(page.getByText('0 containers scanned')).toBeVisible();
  });

  it('a typed code with a typo is refused under the field, announced with it and focused', async () => {
    cameraRefusing('NotAllowedError');
    const api = await renderScanner();
    const field = page.getByRole('textbox', { name: 'Container code' });
    // The last character is the check symbol: change it and the code no longer adds up.
    await field.fill(code.slice(0, -1) + (code.endsWith('0') ? '1' : '0'));
    await page.getByRole('button', { name: 'Record the scan' }).click();
    await expect.element(field).toHaveFocus();
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field).toHaveAccessibleDescription(/This code has a typo: check each character and try again\.$/);
    expect(api.requests).toHaveLength(0);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { until } from './wait';

/**
 * A small client of the W3C WebDriver protocol (HTTP and JSON), enough to drive WebKitGTK's
 * MiniBrowser through WebKitWebDriver. The npm clients that speak it either fetch a driver at
 * install time (nothing to fetch for WebKitGTK, and no internet on CI) or bring a large tree for
 * the dozen commands the walks use.
 */

interface WebDriverErrorBody {
  error: string;
  message: string;
}

function isWebDriverError(value: unknown): value is WebDriverErrorBody {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'error') === 'string';
}

export class WebDriverError extends Error {
  constructor(
    readonly command: string,
    readonly code: string,
    message: string,
  ) {
    super(`${command}: ${code}: ${message}`);
  }
}

/** The element reference key the protocol uses in JSON. */
const elementKey = 'element-6066-11e4-a52e-4f735466cecf';

export class WebDriverSession {
  private constructor(
    private readonly driverUrl: string,
    readonly id: string,
  ) {}

  static async create(driverUrl: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await send(driverUrl, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    const sessionId: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'sessionId') : undefined;
    if (typeof sessionId !== 'string') throw new Error(`WebKitWebDriver answered no session id: ${JSON.stringify(value)}`);
    return new WebDriverSession(driverUrl, sessionId);
  }

  private command(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<unknown> {
    return send(this.driverUrl, method, `/session/${this.id}${route}`, body);
  }

  async setWindowRect(x: number, width: number, height: number): Promise<{ width: number; height: number }> {
    const rect = await this.command('POST', '/window/rect', { x, y: 0, width, height });
    return { width: Number(Reflect.get(Object(rect), 'width')), height: Number(Reflect.get(Object(rect), 'height')) };
  }

  /**
   * Opens a new window, closes the current one and goes on in the new one: the page that was shown
   * is gone, with its scripts, timers and IndexedDB connections, as when a phone's app is closed.
   */
  async replaceWindow(): Promise<void> {
    const opened = await this.command('POST', '/window/new', { type: 'window' });
    const handle: unknown = typeof opened === 'object' && opened !== null ? Reflect.get(opened, 'handle') : undefined;
    if (typeof handle !== 'string') throw new Error(`WebKitWebDriver opened no window: ${JSON.stringify(opened)}`);
    await this.command('DELETE', '/window');
    await this.command('POST', '/window', { handle });
  }

  async navigate(url: string): Promise<void> {
    await this.command('POST', '/url', { url });
  }

  async currentUrl(): Promise<string> {
    return String(await this.command('GET', '/url'));
  }

  /** Runs a script that calls its last argument with the result (the protocol's async script). */
  executeAsync(script: string, args: unknown[]): Promise<unknown> {
    return this.command('POST', '/execute/async', { script, args });
  }

  private async findElement(selector: string): Promise<string> {
    const value = await this.command('POST', '/element', { using: 'css selector', value: selector });
    const reference: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, elementKey) : undefined;
    if (typeof reference !== 'string') throw new Error(`no element reference for ${selector}: ${JSON.stringify(value)}`);
    return reference;
  }

  /** Clicks as a person would: scrolled into view, at the element's centre, refused when something covers it. */
  async click(selector: string): Promise<void> {
    const element = await this.findElement(selector);
    await this.command('POST', `/element/${element}/click`, {});
  }

  /** Empties a field, then types the text key by key. */
  async type(selector: string, text: string): Promise<void> {
    const element = await this.findElement(selector);
    await this.command('POST', `/element/${element}/clear`, {});
    await this.command('POST', `/element/${element}/value`, { text });
  }

  async cookies(): Promise<{ name: string; value: string }[]> {
    const value = await this.command('GET', '/cookie');
    return Array.isArray(value)
      ? value.map((cookie: unknown) => ({
          name: String(Reflect.get(Object(cookie), 'name')),
          value: String(Reflect.get(Object(cookie), 'value')),
        }))
      : [];
  }

  async screenshotPng(): Promise<Buffer> {
    return Buffer.from(String(await this.command('GET', '/screenshot')), 'base64');
  }

  async close(): Promise<void> {
    await this.command('DELETE', '').catch(() => undefined);
  }
}

async function send(driverUrl: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${driverUrl}${route}`, {
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer: unknown = await response.json();
  const value: unknown = typeof answer === 'object' && answer !== null ? Reflect.get(answer, 'value') : undefined;
  if (!response.ok || isWebDriverError(value)) {
    const error = isWebDriverError(value) ? value : { error: `HTTP ${response.status}`, message: JSON.stringify(answer) };
    throw new WebDriverError(`${method} ${route}`, error.error, error.message);
  }
  return value;
}

/**
 * WebKitWebDriver on a port, with MiniBrowser's GTK toolbar shrunk to nothing: the window can
 * then be as narrow as a phone (390 px), where MiniBrowser's own widgets otherwise hold it at 447.
 */
export async function startWebKitWebDriver(options: { port: number; display: string; workDir: string }): Promise<{
  url: string;
  process: ChildProcess;
}> {
  const gtkConfig = path.join(options.workDir, 'xdg-config');
  mkdirSync(path.join(gtkConfig, 'gtk-3.0'), { recursive: true });
  writeFileSync(
    path.join(gtkConfig, 'gtk-3.0', 'gtk.css'),
    '* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; border-width: 0; }\n',
  );
  const child = spawn('WebKitWebDriver', [`--port=${options.port}`], {
    // LANGUAGE gives the engine its languages (navigator.languages): an English phone, which the
    // walks then switch in the app; without it WebKitGTK reports the C locale, which names none.
    env: { ...process.env, DISPLAY: options.display, XDG_CONFIG_HOME: gtkConfig, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${options.port}`;
  await until(
    'WebKitWebDriver answers',
    async () => {
      if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
      return fetch(`${url}/status`).then(
        (response) => response.ok,
        () => false,
      );
    },
    (ready) => ready,
    { timeoutMs: 15_000 },
  );
  return { url, process: child };
}

import type { Locator, Page } from '@playwright/test';

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The main navigation at the top of every screen, with the account menu once signed in (English). */
export class NavBar {
  readonly nav: Locator;
  readonly logInLink: Locator;
  readonly signOutButton: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.logInLink = this.nav.getByRole('link', { name: 'Log in' });
    this.signOutButton = this.nav.getByRole('button', { name: 'Log out' });
  }

  /** The account menu's button; with a name, only the one that greets this person. */
  accountMenu(name?: string): Locator {
    return this.nav.getByRole('button', { name: name === undefined ? /My account/ : new RegExp(`My account \\(${escapeRegExp(name)}\\)`) });
  }

  async openAccountMenu(name?: string) {
    await this.accountMenu(name).click();
  }

  /** Signs out from the account menu and waits for the page the app reloads into. */
  async signOut({ name }: { name?: string } = {}) {
    await this.openAccountMenu(name);
    await Promise.all([this.page.waitForEvent('load'), this.signOutButton.click()]);
  }

  async openProfile() {
    await this.openAccountMenu();
    await this.nav.getByRole('link', { name: 'My details and password' }).click();
  }

  async goToLogIn() {
    await this.logInLink.click();
  }
}

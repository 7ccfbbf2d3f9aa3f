import type { Locator, Page } from '@playwright/test';
import { expect, notification } from '../fixtures';
import { messagePattern } from './words';
import { ConsoleScreen } from './console-screen';

/**
 * The admin's operators screen (`/ops/operators`): the people with what an admin does to each
 * (enable, a new invitation, roles, sessions, disable, passkeys, authenticator), the invite form,
 * and the automation tokens.
 */
export class TeamPage extends ConsoleScreen {
  protected readonly path = '/operators';
  readonly heading: Locator;
  readonly inviteForm: Locator;
  readonly invited: Locator;
  readonly tokenForm: Locator;
  /** The token's secret, shown once and focused. */
  readonly secret: Locator;
  readonly revokedNote: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    const { t } = this;
    this.heading = page.getByRole('heading', { level: 1, name: t('Operators') });
    this.inviteForm = page.locator('form').filter({ has: page.getByRole('button', { name: t('Send the invitation') }) });
    this.invited = page.getByText(t('Invitation sent'), { exact: true });
    this.tokenForm = page.locator('form').filter({ has: page.getByRole('button', { name: t('Make the token') }) });
    this.secret = page.getByRole('textbox', { name: messagePattern(t('The secret of {0}, shown this once:')) });
    this.revokedNote = page.getByText(messagePattern(t('Revoked on {0}')));
  }

  /** A person's card, by any text on it (their email: operators made by the API share a name). */
  card(text: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: text });
  }

  /** A person's card by the name in its heading. */
  cardNamed(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name }) });
  }

  personHeading(name: string): Locator {
    return this.page.getByRole('heading', { level: 3, name });
  }

  /** A notification whose text holds the English message's words, filled in with `values`. */
  notice(english: string, values?: Record<string, string>): Locator {
    return notification(this.page).filter({ hasText: this.t(english, values) });
  }

  async enable(name: string): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Enable {name}', { name }) }).click();
  }

  async sendNewInvitation(name: string): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Send {name} a new invitation', { name }) }).click();
  }

  /** Opens a person's roles: the dialog, their roles ticked. */
  async openRoles(card: Locator, name: string): Promise<Locator> {
    await card.getByRole('button', { name: this.t('Change the roles of {name}', { name }) }).click();
    return this.page.getByRole('dialog', { name: this.t('Roles of {name}', { name }) });
  }

  /** A role's box in a roles dialog or form, by the role's English name. */
  role(within: Locator, english: string): Locator {
    return within.getByRole('checkbox', { name: this.t(english) });
  }

  async saveRoles(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: this.t('Save the roles') }).click();
  }

  /** Opens a person's roles, ticks `roles` (their English names) and saves; the dialog it opened. */
  async changeRoles(card: Locator, name: string, roles: string[]): Promise<Locator> {
    const dialog = await this.openRoles(card, name);
    for (const role of roles) await this.role(dialog, role).check();
    await this.saveRoles(dialog);
    return dialog;
  }

  /** "… has no open session.", in a sessions dialog. */
  noSession(dialog: Locator, name: string): Locator {
    return dialog.getByText(this.t('{name} has no open session.', { name }));
  }

  /** Opens a person's sessions: when and from where each began and was last used. */
  async openSessions(card: Locator, name: string): Promise<Locator> {
    await card.getByRole('button', { name: this.t('Sessions of {name}', { name }) }).click();
    return this.page.getByRole('dialog', { name: this.t('Sessions of {name}', { name }) });
  }

  async endEverySession(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: this.t('End every session') }).click();
  }

  /** Asks to disable a person: the confirmation it opens. */
  async askToDisable(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: this.t('Disable {name}', { name }) }).click();
    return this.page.getByRole('dialog', { name: this.t('Disable {name}?', { name }) });
  }

  cancelButton(dialog: Locator): Locator {
    return dialog.getByRole('button', { name: this.t('Cancel') });
  }

  /** "Remove passkeys" on a card, and its confirmation. */
  async askToRemovePasskeys(card: Locator, name: string): Promise<{ dialog: Locator; confirm: Locator }> {
    await card.getByRole('button', { name: this.t('Remove the passkeys of {name}', { name }) }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t('Remove the passkeys of {name}?', { name }) });
    return { dialog, confirm: dialog.getByRole('button', { name: this.t('Remove their passkeys') }) };
  }

  /** "Reset authenticator" on a card, and its confirmation. */
  async askToResetAuthenticator(card: Locator, name: string): Promise<{ dialog: Locator; confirm: Locator }> {
    await card.getByRole('button', { name: this.t('Reset the authenticator of {name}', { name }) }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t('Reset the authenticator of {name}?', { name }) });
    return { dialog, confirm: dialog.getByRole('button', { name: this.t('Reset and send the link') }) };
  }

  /** Invites a person with one role (its English name). */
  async invite(email: string, name: string, role: string): Promise<void> {
    await this.inviteForm.getByLabel(this.t('Email'), { exact: true }).fill(email);
    await this.inviteForm.getByLabel(this.t('Name'), { exact: true }).fill(name);
    await this.inviteForm.getByRole('checkbox', { name: this.t(role) }).check();
    await this.inviteForm.getByRole('button', { name: this.t('Send the invitation') }).click();
  }

  /** Makes an automation token with one role (its English name). */
  async makeToken(name: string, role: string): Promise<void> {
    await this.tokenForm.getByLabel(this.t('Token name')).fill(name);
    await this.tokenForm.getByRole('checkbox', { name: this.t(role) }).check();
    await this.tokenForm.getByRole('button', { name: this.t('Make the token') }).click();
  }

  /** Revokes a token after its confirmation; the confirmation, hidden once done. */
  async revokeToken(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: this.t('Revoke {0}', { 0: name }), exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t('Revoke {revokingName}?', { revokingName: name }) });
    await dialog.getByRole('button', { name: this.t('Yes, revoke') }).click();
    return dialog;
  }

  /** Reads and dismisses every notification, one by one, so that the screen under them is checked alone. */
  async dismissNotifications(): Promise<void> {
    const notices = notification(this.page);
    // Notices also leave by themselves while this runs: wait for none left, not for one count after another.
    await expect(async () => {
      if ((await notices.count()) > 0) {
        await notices
          .first()
          .getByRole('button', { name: this.words.app('Dismiss') })
          .click({ timeout: 2_000 });
      }
      await expect(notices).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  }
}

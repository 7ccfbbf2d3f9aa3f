import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { Operator } from '#domain/schemas/operators';
import { fakeApi, restoreNetwork } from '../../testing/fake-network';
import { renderComponent, testLocales } from '../../testing/render';
import { useConsoleCatalogue } from './catalogue';
import { consoleQueryClient } from './console-query-client';
import { endOperatorSession } from './operator-session';
import { OperatorsScreen } from './operators-screen';
import { signInTestOperator, testOperator } from './testing/test-operator';

const admin = testOperator('Noa', ['admin']);
const colleague: Operator = { ...testOperator('Sam', ['care']), id: 'op-sam' };

/** The operators screen as the console shows it: its own catalogue loaded first. */
function InConsole() {
  return useConsoleCatalogue() ? <OperatorsScreen /> : null;
}

/** What each language says for the two ways of choosing no role: the kit's required field, and the roles dialog's own words. */
const words = {
  'en-US': {
    email: 'Email',
    name: 'Name',
    invite: 'Send the invitation',
    tokenName: 'Token name',
    makeToken: 'Make the token',
    required: 'This field is required.',
    changeRoles: 'Change the roles of Sam',
    save: 'Save the roles',
    chooseOne: 'Choose at least one role.',
  },
  'fr-FR': {
    email: 'Adresse e-mail',
    name: 'Nom',
    invite: 'Envoyer l’invitation',
    tokenName: 'Nom du jeton',
    makeToken: 'Créer le jeton',
    required: 'Ce champ est obligatoire.',
    changeRoles: 'Modifier les rôles de Sam',
    save: 'Enregistrer les rôles',
    chooseOne: 'Choisissez au moins un rôle.',
  },
  'ja-JP': {
    email: 'メールアドレス',
    name: '氏名',
    invite: '招待を送信',
    tokenName: 'トークン名',
    makeToken: 'トークンを作成',
    required: 'この項目は必須です。',
    changeRoles: 'Sam さんの役割を変更',
    save: '役割を保存',
    chooseOne: '役割を1つ以上選んでください。',
  },
} as const;

async function render(locale: (typeof testLocales)[number]) {
  signInTestOperator(admin);
  fakeApi({
    'GET /ops/operators': { status: 200, body: { data: [colleague], meta: { next_cursor: null, totals: { count: 1, amounts: [] } } } },
    'GET /ops/tokens': { status: 200, body: { data: [] } },
  });
  return renderComponent(
    <QueryClientProvider client={consoleQueryClient}>
      <InConsole />
    </QueryClientProvider>,
    { locale },
  );
}

describe('the roles of an operator or a token, none chosen', () => {
  afterEach(() => {
    consoleQueryClient.clear();
    endOperatorSession('signed-out');
    restoreNetwork();
  });

  for (const locale of testLocales) {
    const said = words[locale];

    it(`the invitation puts the focus on the first role, whose description says what is wrong (${locale})`, async () => {
      await render(locale);
      const invite = page.getByRole('region').filter({ has: page.getByRole('button', { name: said.invite }) });
      await invite.getByRole('textbox', { name: said.email }).fill('new.person@roundtrip.test');
      await invite.getByRole('textbox', { name: said.name, exact: true }).fill('New Person');
      await invite.getByRole('button', { name: said.invite }).click();
      const first = invite.getByRole('checkbox').first();
      await expect.element(first).toHaveFocus();
      await expect.element(first).toHaveAttribute('aria-invalid', 'true');
      await expect.element(first).toHaveAccessibleDescription(said.required);
      // Each box says it, so a person who moves on through the roles still hears why.
      for (const box of invite.getByRole('checkbox').all()) await expect.element(box).toHaveAccessibleDescription(said.required);
    });

    it(`a token's form does the same (${locale})`, async () => {
      await render(locale);
      const tokenForm = page.getByRole('region').filter({ has: page.getByRole('button', { name: said.makeToken }) });
      await tokenForm.getByRole('textbox', { name: said.tokenName }).fill('nightly-export');
      await tokenForm.getByRole('button', { name: said.makeToken }).click();
      const first = tokenForm.getByRole('group').getByRole('checkbox').first();
      await expect.element(first).toHaveFocus();
      await expect.element(first).toHaveAccessibleDescription(said.required);
    });

    it(`changing someone's roles to none puts the focus on the first role, which says to choose one (${locale})`, async () => {
      await render(locale);
      await page.getByRole('button', { name: said.changeRoles }).click();
      const dialog = page.getByRole('dialog');
      // Sam holds care: unticked, no role is left.
      for (const box of dialog.getByRole('checkbox', { checked: true }).all()) await box.click();
      await dialog.getByRole('button', { name: said.save }).click();
      const first = dialog.getByRole('checkbox').first();
      await expect.element(first).toHaveFocus();
      await expect.element(first).toHaveAccessibleDescription(said.chooseOne);
    });
  }
});

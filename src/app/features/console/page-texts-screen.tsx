import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { contentNamespaces, isContentNamespace, type ContentNamespace } from '#domain/content/namespaces';
import { isSupportedLocale, supportedLocales, type SupportedLocale } from '#domain/markets';
import { maxDraftLength, type ContentPageTexts } from '#domain/schemas/content';
import { failureMessage } from '../../lib/api';
import { QueryView } from '../../ui/query-view';
import { usePageTexts } from './api/page-texts';
import { usePublishDrafts } from './api/publish-drafts';
import { useSaveDraft } from './api/save-draft';
import { ContentArea, useTextChoice, type TextChoice } from './content-area';
import { previewAddress, useLocaleName, usePageNames } from './content-names';
import { useFocusWhenShown } from './use-focus-when-shown';
import { TextAreaField } from '../../ui/text-field';

/** Page texts: a language and a page, each key's live text and its draft; preview and publish. */
export function PageTextsScreen() {
  const { t } = useLingui();
  const [choice, choose] = useTextChoice();
  const texts = usePageTexts(choice.locale, choice.namespace);
  const pageNames = usePageNames();
  const localeName = useLocaleName();
  const localeId = useId();
  const pageId = useId();
  return (
    <ContentArea
      current="content"
      title={t`Page texts`}
      description={t`Write drafts of the public pages' texts, preview them as a customer would see them, then publish.`}
    >
      <div className="ops-choice">
        <div className="field">
          <label htmlFor={localeId}>{t`Language and market`}</label>
          <select
            id={localeId}
            value={choice.locale}
            onChange={(event) => {
              const locale = event.currentTarget.value;
              if (isSupportedLocale(locale)) choose({ locale, namespace: choice.namespace });
            }}
          >
            {supportedLocales.map((locale) => (
              <option key={locale} value={locale}>
                {localeName(locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={pageId}>{t`Page`}</label>
          <select
            id={pageId}
            value={choice.namespace}
            onChange={(event) => {
              const namespace = event.currentTarget.value;
              if (isContentNamespace(namespace)) choose({ locale: choice.locale, namespace });
            }}
          >
            {contentNamespaces.map((namespace) => (
              <option key={namespace} value={namespace}>
                {pageNames[namespace]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryView query={texts} errorText={t`The page's texts could not be loaded. Check your connection and reload the page.`}>
        {(page) => <PageTexts key={`${choice.locale}/${choice.namespace}`} choice={choice} page={page} />}
      </QueryView>
    </ContentArea>
  );
}

function PageTexts({ choice, page }: { choice: TextChoice; page: ContentPageTexts }) {
  const { t } = useLingui();
  const keys = [...new Set([...Object.keys(page.published), ...Object.keys(page.drafts)])];
  const wanted = choice.key;
  const unknownKey = wanted !== undefined && !keys.includes(wanted);

  return (
    <>
      <PublishSection locale={choice.locale} namespace={choice.namespace} drafts={Object.keys(page.drafts).length} />
      {unknownKey ? (
        <p className="notice" role="status">
          {t`This page has no text with the key ${wanted}: the app shows its own text there until a release adds the key.`}
        </p>
      ) : null}
      <ul className="ops-cards">
        {keys.map((key) => (
          <li key={key}>
            <TextCard choice={choice} textKey={key} live={page.published[key]} draft={page.drafts[key]} opened={key === wanted} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The page's drafts as a customer would see them (this tab's session only), and publishing them. */
function PublishSection({ locale, namespace, drafts }: { locale: SupportedLocale; namespace: ContentNamespace; drafts: number }) {
  const { t } = useLingui();
  const headingId = useId();
  const publish = usePublishDrafts();
  const pageNames = usePageNames();
  const localeName = useLocaleName();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const outcomeRef = useFocusWhenShown<HTMLParagraphElement>(outcome);
  const pageName = pageNames[namespace];
  const language = localeName(locale, { withCode: false });

  function onPublish(scope: ContentNamespace | undefined) {
    setOutcome(undefined);
    publish.mutate(
      { locale, namespace: scope },
      {
        onSuccess: (count) =>
          setOutcome({
            ok: true,
            text:
              count === 0
                ? t`No draft was waiting: nothing changed.`
                : plural(count, { one: '# text published: customers see it now.', other: '# texts published: customers see them now.' }),
          }),
        onError: (error) =>
          setOutcome({
            ok: false,
            text: failureMessage(error, t`The drafts could not be published. Check your connection and try again.`),
          }),
      },
    );
  }

  return (
    <section className="ops-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Preview and publish`}</h2>
      <p data-testid="ops-drafts-count">{plural(drafts, { one: '# draft waits on this page.', other: '# drafts wait on this page.' })}</p>
      <p>
        <a className="button button--secondary" href={previewAddress(locale, namespace)} data-testid="ops-preview">
          {t`Preview “${pageName}” with its drafts`}
        </a>
      </p>
      <p className="field__hint">{t`Opens the customer page in this tab, in ${language}. Only your session sees the drafts; come back with the browser's Back button.`}</p>
      <div className="ops-actions">
        <button type="button" className="button" disabled={publish.isPending || drafts === 0} onClick={() => onPublish(namespace)}>
          {t`Publish this page's drafts`}
        </button>
        <button type="button" className="button button--secondary" disabled={publish.isPending} onClick={() => onPublish(undefined)}>
          {t`Publish the drafts of every page in ${language}`}
        </button>
      </div>
      {outcome ? (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? 'notice' : 'field__error'}
          data-testid="ops-publish-result"
        >
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}

/**
 * Grows a text field to its whole text, so that a long page text is read and edited on a phone
 * without scrolling inside the field: measured in the browser, at the width the field has.
 */
function useWholeTextHeight(field: RefObject<HTMLTextAreaElement | null>, text: string) {
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    // The border too: the field's box includes it.
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [field, text]);
}

function TextCard({
  choice,
  textKey,
  live,
  draft,
  opened,
}: {
  choice: TextChoice;
  textKey: string;
  live: string | undefined;
  draft: string | undefined;
  opened: boolean;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const fieldId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const save = useSaveDraft();
  const [text, setText] = useState(draft ?? live ?? '');
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState(false);
  // A refusal puts the focus back in the field, which its error describes.
  useEffect(() => {
    if (problem) fieldRef.current?.focus();
  }, [problem]);
  useWholeTextHeight(fieldRef, text);

  // Opened from the missing texts: the field of that key, in view and ready to type.
  useEffect(() => {
    if (!opened) return;
    fieldRef.current?.scrollIntoView({ block: 'center' });
    fieldRef.current?.focus();
  }, [opened]);

  function onSave() {
    setSaved(false);
    setProblem(undefined);
    if (!text.trim()) {
      setProblem(t`Write a text: a draft cannot be empty.`);
      return;
    }
    save.mutate(
      { locale: choice.locale, namespace: choice.namespace, key: textKey, text },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => setProblem(failureMessage(error, t`The draft could not be saved. Check your connection and try again.`)),
      },
    );
  }

  return (
    <article className="ops-card ops-text" aria-labelledby={headingId} data-testid={`ops-text-${textKey}`}>
      <h2 id={headingId} className="ops-text__key">
        <code>{textKey}</code>
      </h2>
      <p className="ops-text__label">{t`Live text`}</p>
      <div className="ops-text__live">{live ?? t`(none yet)`}</div>
      {draft !== undefined ? <p className="ops-text__badge">{t`A draft waits to be published.`}</p> : null}
      <TextAreaField
        ref={fieldRef}
        id={fieldId}
        label={t`Draft of ${textKey}`}
        error={problem}
        rows={3}
        maxLength={maxDraftLength}
        value={text}
        onChange={(event) => {
          setSaved(false);
          setText(event.currentTarget.value);
        }}
      />
      <div className="ops-actions">
        <button type="button" className="button" disabled={save.isPending} onClick={onSave}>
          {t`Save the draft`}
        </button>
      </div>
      {saved ? (
        <p role="status" className="notice">
          {t`Draft saved. Preview the page to see it in place.`}
        </p>
      ) : null}
    </article>
  );
}

import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { parseNewsletterBody } from "~/lib/newsletter-body";
import { inputClass } from "./ui";

/** The body as subscribers will read it: paragraphs, line breaks and links, nothing else. */
export function NewsletterPreview({ subject, body, lang }: { subject: string; body: string; lang: string }) {
  return (
    <div lang={lang} className="rounded-xl border border-gray-300 p-4 dark:border-gray-600">
      <p className="font-bold">{subject}</p>
      {parseNewsletterBody(body).map((paragraph, p) => (
        <p key={p} className="mt-3">
          {paragraph.map((line, l) => (
            <span key={l}>
              {l > 0 ? <br /> : null}
              {line.map((segment, s) =>
                segment.href ? (
                  <a key={s} href={segment.href} className="link" target="_blank" rel="noopener noreferrer">
                    {segment.text}
                  </a>
                ) : (
                  <span key={s}>{segment.text}</span>
                ),
              )}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}

type Values = { subjectEn: string; bodyEn: string; subjectEs: string; bodyEs: string };

/**
 * Subject and body in English and Spanish, each body with its preview below it, updated as
 * staff type (without JavaScript the preview shows the saved text).
 */
export function NewsletterFields({
  values,
  errors,
}: {
  values: Partial<Values>;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation(["admin", "undo"]);
  const [bodies, setBodies] = useState({ en: values.bodyEn ?? "", es: values.bodyEs ?? "" });
  const [subjects, setSubjects] = useState({ en: values.subjectEn ?? "", es: values.subjectEs ?? "" });
  return (
    <>
      <FieldErrorSummary errors={errors} />
      <div className="grid gap-6 lg:grid-cols-2">
        {(["en", "es"] as const).map((locale) => {
          const suffix = locale === "en" ? "En" : "Es";
          const subjectName = `subject${suffix}`;
          const bodyName = `body${suffix}`;
          return (
            <fieldset key={locale} className="grid content-start gap-3">
              <legend className="text-lg font-bold">{t(`newsletters.in.${locale}`)}</legend>
              <div>
                <label htmlFor={subjectName} className="font-semibold">
                  {t("newsletters.subject")}
                </label>
                <input
                  id={subjectName}
                  name={subjectName}
                  maxLength={200}
                  lang={locale}
                  defaultValue={values[subjectName as keyof Values]}
                  onChange={(event) => setSubjects((old) => ({ ...old, [locale]: event.target.value }))}
                  aria-invalid={errors[subjectName] ? true : undefined}
                  aria-describedby={errors[subjectName] ? `${subjectName}-error` : undefined}
                  className={inputClass}
                />
                {errors[subjectName] ? (
                  <p
                    id={`${subjectName}-error`}
                    className="mt-1 font-semibold text-red-800 dark:text-red-200"
                  >
                    {t(errors[subjectName])}
                  </p>
                ) : null}
              </div>
              <div>
                <label htmlFor={bodyName} className="font-semibold">
                  {t("newsletters.body")}
                </label>
                <p id={`${bodyName}-hint`} className="text-sm text-gray-700 dark:text-gray-300">
                  {t("newsletters.bodyHint")}
                </p>
                <textarea
                  id={bodyName}
                  name={bodyName}
                  rows={12}
                  maxLength={20_000}
                  lang={locale}
                  defaultValue={values[bodyName as keyof Values]}
                  onChange={(event) => setBodies((old) => ({ ...old, [locale]: event.target.value }))}
                  aria-invalid={errors[bodyName] ? true : undefined}
                  aria-describedby={
                    errors[bodyName] ? `${bodyName}-hint ${bodyName}-error` : `${bodyName}-hint`
                  }
                  className={inputClass}
                />
                {errors[bodyName] ? (
                  <p id={`${bodyName}-error`} className="mt-1 font-semibold text-red-800 dark:text-red-200">
                    {t(errors[bodyName])}
                  </p>
                ) : null}
              </div>
              <section aria-label={t("newsletters.previewOf", { language: t(`newsletters.in.${locale}`) })}>
                <h3 className="font-semibold">{t("newsletters.preview")}</h3>
                <NewsletterPreview subject={subjects[locale]} body={bodies[locale]} lang={locale} />
              </section>
            </fieldset>
          );
        })}
      </div>
    </>
  );
}

const FIELDS = ["subjectEn", "bodyEn", "subjectEs", "bodyEs"] as const;

/**
 * The form's problems at its top, each naming its field ("Subject (Spanish)") and linking to it;
 * it takes focus when it appears, as the form kit's summary does (decision 019). The same
 * message sits by the field.
 */
function FieldErrorSummary({ errors }: { errors: Record<string, string | undefined> }) {
  const { t } = useTranslation(["admin", "undo"]);
  const heading = useRef<HTMLHeadingElement>(null);
  const listed = FIELDS.filter((field) => errors[field]);
  useEffect(() => heading.current?.focus(), [errors]);
  if (listed.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border-2 border-red-700 p-4 dark:border-red-300">
      <h3 ref={heading} tabIndex={-1} className="focus-ring font-bold">
        {t("undo:newsletter.summary")}
      </h3>
      <ul className="mt-2 grid gap-1">
        {listed.map((field) => (
          <li key={field}>
            <a href={`#${field}`} className="link tap-target inline-flex items-center">
              {`${t(field.startsWith("subject") ? "newsletters.subject" : "newsletters.body")} (${t(
                `newsletters.in.${field.endsWith("En") ? "en" : "es"}`,
              )}): ${t(errors[field]!)}`}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { LOCALE_FIELD } from "~/lib/forms/field-names";
import { NewsletterSchema } from "~/lib/forms/public-form-schemas";
import { ErrorSummary, Honeypot, SubmitButton, TextField } from "./fields";
import { TurnstileWidget } from "./turnstile";
import { AttributionField } from "./attribution-field";
import { SuccessPanel, type FormActionData } from "./submission-form";

/**
 * Newsletter subscribe box (double opt-in). Posts `email` and `source` to /newsletter;
 * `<NewsletterForm source="reports" />` on the reports page.
 */
export function NewsletterForm({
  source = "page",
  result,
  headingLevel = 3,
}: {
  source?: "footer" | "reports" | "page";
  result?: FormActionData;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation("forms");
  const fetcher = useFetcher<FormActionData>();
  const answer = fetcher.data ?? result;
  const [form, fields] = useForm({
    id: `newsletter-${source}`,
    lastResult: answer?.ok ? undefined : answer?.result,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: NewsletterSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (answer?.ok) {
    return (
      <SuccessPanel
        title={t("newsletter.success.title")}
        message={t("newsletter.success.message")}
        headingLevel={headingLevel}
      />
    );
  }
  return (
    <fetcher.Form method="post" action="/newsletter" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form as never} />
      <TextField
        meta={fields.email as FieldMetadata<unknown>}
        label={t("fields.email")}
        required
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
      />
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t("newsletter.note")}{" "}
        <Link to="/privacy" className="link font-semibold">
          {t("privacyLink")}
        </Link>
      </p>
      <Honeypot />
      <AttributionField />
      <TurnstileWidget />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name={LOCALE_FIELD} value={i18n.language} />
      <SubmitButton
        pending={fetcher.state !== "idle"}
        label={t("newsletter.submit")}
        pendingLabel={t("pending.submitting")}
      />
    </fetcher.Form>
  );
}

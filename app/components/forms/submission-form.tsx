import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/components/pages/motion";
import { Trans, useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import type { FieldSpec, FormDefinition } from "~/lib/forms/definition";
import { IDEMPOTENCY_FIELD, LOCALE_FIELD } from "~/lib/forms/field-names";
import {
  CheckboxField,
  ChoiceGroup,
  ErrorSummary,
  Honeypot,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "./fields";
import { TurnstileWidget } from "./turnstile";
import { AttributionField } from "./attribution-field";

/** What the form actions answer (app/server/forms.server.ts). */
export type FormActionData = { result: SubmissionResult<string[]>; ok: boolean };

type SubmissionFormProps = {
  definition: FormDefinition;
  /** Overrides the definition's field list (the volunteer form's two variants). */
  fields?: readonly FieldSpec[];
  /** Extra hidden fields, for example `{ variant: "modal" }`. */
  hidden?: Record<string, string>;
  /** The route's action answer when the form was posted without JavaScript. */
  result?: FormActionData;
  /** Values to start with, for example the giving option a page is about. */
  defaultValue?: Record<string, string | string[]>;
  /** Called when the success view has been shown; with `autoDoneMs`, after that many ms. */
  onDone?: () => void;
  autoDoneMs?: number;
  /** Disables the submit button while this holds for the current values (home enrollment). */
  blockSubmit?: (values: Record<string, unknown>) => boolean;
  /** The heading level of the success title, to fit the page it sits in. */
  headingLevel?: 2 | 3;
};

/**
 * One public form: a real `<form method="post">` to its /forms/X route, run through a fetcher
 * once JavaScript is there, with the states of docs/product.md §4 (idle, busy label, success, error),
 * field messages from the shared schema and an error summary that links to each field.
 */
export function SubmissionForm(props: SubmissionFormProps) {
  // Each round is a fresh form: after a success, "send another" or the dialog's reset.
  const [round, setRound] = useState(0);
  return (
    <FormRound
      key={round}
      {...props}
      result={round === 0 ? props.result : undefined}
      onReset={() => setRound((value) => value + 1)}
    />
  );
}

function FormRound({
  definition,
  fields = definition.fields,
  hidden = {},
  result,
  defaultValue,
  onDone,
  autoDoneMs,
  blockSubmit,
  headingLevel = 2,
  onReset,
}: SubmissionFormProps & { onReset: () => void }) {
  const { t, i18n } = useTranslation("forms");
  const fetcher = useFetcher<FormActionData>();
  const answer = fetcher.data ?? result;
  const pending = fetcher.state !== "idle";
  const hydrated = useHydrated();
  const reactId = useId().replace(/[^a-zA-Z0-9-]/g, "");

  const [form, fieldsMeta] = useForm({
    id: `${definition.id}-${reactId}`,
    lastResult: answer?.ok ? undefined : answer?.result,
    defaultValue: { ...definition.defaults, ...defaultValue },
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: definition.schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // A key made in the browser once per page load and round, kept in state so React renders it
  // into the hidden field (a defaultValue would be re-applied as ""): a double click or a
  // replayed post stores one row. The server HTML carries none, so pages can be cached and a
  // post without JavaScript falls back to the content key (decision 016).
  const [submissionKey, setSubmissionKey] = useState("");
  useEffect(() => setSubmissionKey(crypto.randomUUID()), []);

  // Submit attempts: the error summary appears and takes focus on each one (GOV.UK).
  const [attempt, setAttempt] = useState(() => (answer?.result.status === "error" ? 1 : 0));
  const formProps = getFormProps(form);

  const success = answer?.ok === true;
  // Parents pass new callbacks on every render; the timer must not restart for that.
  const callbacks = useRef({ onDone, onReset });
  useEffect(() => {
    callbacks.current = { onDone, onReset };
  });
  useEffect(() => {
    if (!success || autoDoneMs === undefined) return;
    const timer = window.setTimeout(() => {
      callbacks.current.onDone?.();
      callbacks.current.onReset();
    }, autoDoneMs);
    return () => window.clearTimeout(timer);
  }, [success, autoDoneMs]);

  if (success) {
    return (
      <SuccessPanel
        title={t(`${definition.id}.success.title`)}
        message={t(`${definition.id}.success.message`)}
        headingLevel={headingLevel}
        action={
          autoDoneMs === undefined ? (
            <button type="button" className="btn-secondary mt-4" onClick={onReset}>
              {t("sendAnother")}
            </button>
          ) : null
        }
      />
    );
  }

  const values = (form.value ?? {}) as Record<string, unknown>;
  const visible = fields.filter((spec) => !spec.when || !hydrated || spec.when(values));
  const blocked = hydrated && blockSubmit ? blockSubmit(values) : false;
  const meta = fieldsMeta as unknown as Record<string, FieldMetadata<unknown>>;

  return (
    <fetcher.Form
      method="post"
      action={definition.path}
      {...formProps}
      onSubmit={(event) => {
        // Conform validates on blur through a submit event whose submitter is its intent button.
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.name !== "__intent__") setAttempt((value) => value + 1);
        formProps.onSubmit(event);
      }}
      className="space-y-6"
    >
      <ErrorSummary
        form={form as never}
        attempt={attempt}
        labels={Object.fromEntries(
          // A checkbox's label is a whole sentence: the summary names it in a few words instead.
          fields.map((spec) => [
            spec.name,
            spec.kind === "checkbox"
              ? t([`${definition.id}.summary.${spec.name}`, `summary.${spec.name}`])
              : t([`${definition.id}.fields.${spec.name}`, `fields.${spec.name}`]),
          ]),
        )}
      />
      {definition.aboutChild ? (
        <p className="rounded-lg border-l-4 border-accent-600 bg-accent-50 p-3 dark:bg-gray-900">
          {t("guardianNotice")}
        </p>
      ) : null}
      <p className="text-sm text-gray-700 dark:text-gray-300">
        <Trans
          t={t}
          i18nKey="requiredNote"
          components={{ star: <span className="text-red-700 dark:text-red-300" aria-hidden="true" /> }}
        />{" "}
        <Trans
          t={t}
          i18nKey="privacyNote"
          components={{ privacy: <Link to="/privacy" className="link font-semibold" /> }}
        />
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {visible.map((spec) => (
          <div
            key={spec.name}
            className={spec.wide || spec.kind === "textarea" ? "sm:col-span-2" : undefined}
          >
            <Field spec={spec} formId={definition.id} meta={meta[spec.name]!} />
          </div>
        ))}
      </div>
      <Honeypot />
      <AttributionField />
      <TurnstileWidget />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={submissionKey} />
      <input type="hidden" name={LOCALE_FIELD} value={i18n.language} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton
          pending={pending}
          disabled={blocked}
          label={t(`${definition.id}.submit`)}
          pendingLabel={t(`pending.${definition.pending}`)}
        />
        {blocked ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t(`${definition.id}.blockedHint`)}</p>
        ) : null}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {pending ? t(`pending.${definition.pending}`) : ""}
      </p>
    </fetcher.Form>
  );
}

function Field({ spec, formId, meta }: { spec: FieldSpec; formId: string; meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation("forms");
  const label = t([`${formId}.fields.${spec.name}`, `fields.${spec.name}`]);
  const hint = spec.hint
    ? t([`${formId}.hints.${spec.name}`, `hints.${spec.name}`], spec.hintParams)
    : undefined;
  const options = (spec.options ?? []).map((value) => ({
    value,
    label: t(`options.${spec.optionsKey}.${value}`),
  }));
  const common = { meta, label, hint, required: spec.required };
  switch (spec.kind) {
    case "textarea":
      return <TextAreaField {...common} maxLength={spec.max} showCount={spec.counter} />;
    case "select":
      return <SelectField {...common} options={options} placeholder={t("choose")} />;
    case "radio":
      return <ChoiceGroup {...common} type="radio" options={options} />;
    case "checkboxes":
      return <ChoiceGroup {...common} type="checkbox" options={options} />;
    case "checkbox":
      return <CheckboxField {...common} />;
    case "email":
      return <TextField {...common} type="email" autoComplete="email" inputMode="email" maxLength={254} />;
    case "tel":
      return (
        <TextField
          {...common}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={30}
          placeholder={t("common:forms.phonePlaceholder")}
        />
      );
    case "number":
      return <TextField {...common} type="text" inputMode="numeric" maxLength={9} autoComplete="off" />;
    default:
      return (
        <TextField {...common} type="text" autoComplete={spec.autoComplete} maxLength={spec.max ?? 200} />
      );
  }
}

/** The success state: announced, focused, in place of the form. */
export function SuccessPanel({
  title,
  message,
  headingLevel = 2,
  action,
}: {
  title: string;
  message: string;
  headingLevel?: 2 | 3;
  action?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="focus-ring rounded-xl border-2 border-emerald-700 bg-emerald-50 p-6 text-gray-900 dark:border-emerald-300 dark:bg-gray-900 dark:text-white"
    >
      <Heading className="text-xl font-bold">{title}</Heading>
      <p className="mt-2">{message}</p>
      {action}
    </div>
  );
}

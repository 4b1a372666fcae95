import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { HONEYPOT_FIELD } from "~/lib/forms/field-names";

/** Turns a schema message ("ns:key" or "ns:key|{json params}") into the visitor's language. */
export function translateFieldError(t: TFunction, message: string): string {
  const separator = message.indexOf("|");
  const key = separator === -1 ? message : message.slice(0, separator);
  // Only our own keys ("ns:key") are shown; a library's raw English message never is.
  if (!/^[a-z]+:[\w.]+$/i.test(key)) return t("common:forms.invalidField");
  if (separator === -1) return t(key);
  try {
    return t(key, JSON.parse(message.slice(separator + 1)) as Record<string, unknown>);
  } catch {
    return t(key);
  }
}

/**
 * A row's errors as one line ("Amount: Enter an amount; Date: …"), each field named by its label
 * under `fields.` in `t`'s namespace; an error of the whole row or form has no label.
 */
export function errorsInOneLine(t: TFunction, errors: Record<string, string>): string {
  return Object.entries(errors)
    .map(([field, message]) =>
      field === "row" || field === "form"
        ? translateFieldError(t, message)
        : `${t(`fields.${field}`)}: ${translateFieldError(t, message)}`,
    )
    .join("; ");
}

const inputClass =
  "focus-ring tap-target mt-1 w-full rounded-lg border border-gray-500 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-red-700 aria-[invalid=true]:border-2 dark:border-gray-400 dark:bg-gray-950 dark:text-white dark:aria-[invalid=true]:border-red-300";
const errorClass = "mt-1 font-semibold text-red-700 dark:text-red-300";
const hintClass = "mt-0.5 text-sm text-gray-700 dark:text-gray-300";

type Meta = FieldMetadata<unknown>;

function describedBy(meta: Meta, hint?: ReactNode) {
  return (
    [hint ? `${meta.id}-hint` : null, meta.errors ? meta.errorId : null].filter(Boolean).join(" ") ||
    undefined
  );
}

function Label({ meta, label, required }: { meta: Meta; label: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={meta.id} className="font-semibold">
      {label}
      {required ? (
        <>
          <span aria-hidden="true" className="text-red-700 dark:text-red-300">
            {"\u00a0*"}
          </span>
          <span className="sr-only"> ({t("forms.requiredMarker")})</span>
        </>
      ) : null}
    </label>
  );
}

function FieldMessages({ meta, hint }: { meta: Meta; hint?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {hint ? (
        <p id={`${meta.id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {meta.errors ? (
        <p id={meta.errorId} className={errorClass}>
          {translateFieldError(t, meta.errors[0]!)}
        </p>
      ) : null}
    </>
  );
}

type CommonProps = { meta: Meta; label: string; hint?: ReactNode; required?: boolean };

export function TextField({
  meta,
  label,
  hint,
  required,
  type = "text",
  ...input
}: CommonProps & {
  type?: "text" | "email" | "tel" | "number" | "password" | "url" | "date";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  placeholder?: string;
  maxLength?: number;
  readOnly?: boolean;
}) {
  return (
    <div>
      <Label meta={meta} label={label} required={required} />
      <FieldMessages meta={meta} hint={hint} />
      <input
        {...getInputProps(meta, { type, ariaAttributes: false })}
        {...input}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={describedBy(meta, hint)}
        className={inputClass}
      />
    </div>
  );
}

export function TextAreaField({
  meta,
  label,
  hint,
  required,
  rows = 5,
  maxLength,
  showCount,
}: CommonProps & { rows?: number; maxLength?: number; showCount?: boolean }) {
  const { t } = useTranslation();
  const value = typeof meta.value === "string" ? meta.value : "";
  return (
    <div>
      <Label meta={meta} label={label} required={required} />
      <FieldMessages meta={meta} hint={hint} />
      <textarea
        {...getTextareaProps(meta, { ariaAttributes: false })}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={
          [describedBy(meta, hint), showCount ? `${meta.id}-count` : null].filter(Boolean).join(" ") ||
          undefined
        }
        className={inputClass}
      />
      {showCount && maxLength ? (
        <p id={`${meta.id}-count`} className={hintClass} aria-live="polite">
          {t("forms.characterCount", { count: value.length, max: maxLength })}
        </p>
      ) : null}
    </div>
  );
}

/** A select's options after a blank first one: nothing chosen yet, or no filter. */
export function OptionsAfterBlank({
  blank,
  options,
}: {
  blank: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <>
      <option value="">{blank}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

export function SelectField({
  meta,
  label,
  hint,
  required,
  options,
  placeholder,
}: CommonProps & { options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <div>
      <Label meta={meta} label={label} required={required} />
      <FieldMessages meta={meta} hint={hint} />
      <select
        {...getSelectProps(meta, { ariaAttributes: false })}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={describedBy(meta, hint)}
        className={inputClass}
      >
        <OptionsAfterBlank blank={placeholder ?? ""} options={options} />
      </select>
    </div>
  );
}

/** Radio buttons or checkboxes in a fieldset whose legend is the question. */
export function ChoiceGroup({
  meta,
  label,
  hint,
  required,
  type,
  options,
}: CommonProps & { type: "radio" | "checkbox"; options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const initial = meta.initialValue;
  const selected = new Set(Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : []);
  return (
    <fieldset aria-describedby={describedBy(meta, hint)} aria-invalid={meta.errors ? true : undefined}>
      <legend className="font-semibold">
        {label}
        {required ? (
          <>
            <span aria-hidden="true" className="text-red-700 dark:text-red-300">
              {"\u00a0*"}
            </span>
            <span className="sr-only"> ({t("forms.requiredMarker")})</span>
          </>
        ) : null}
      </legend>
      <FieldMessages meta={meta} hint={hint} />
      <div className="mt-2 grid gap-1 sm:grid-cols-2">
        {options.map((option, index) => {
          // The first option carries the field's id, so the error summary's link lands on it.
          const id = index === 0 ? meta.id : `${meta.id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="tap-target flex cursor-pointer items-center gap-3 rounded-lg px-2"
            >
              <input
                id={id}
                type={type}
                name={meta.name}
                value={option.value}
                form={meta.formId}
                defaultChecked={selected.has(option.value)}
                className="focus-ring h-5 w-5 shrink-0 accent-[var(--accent-700)]"
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function CheckboxField({ meta, label, hint, required }: CommonProps) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...getInputProps(meta, { type: "checkbox", ariaAttributes: false })}
          aria-invalid={meta.errors ? true : undefined}
          aria-describedby={describedBy(meta, hint)}
          className="focus-ring mt-1 h-5 w-5 shrink-0 accent-[var(--accent-700)]"
        />
        <label htmlFor={meta.id}>
          {label}
          {required ? (
            <>
              <span aria-hidden="true" className="text-red-700 dark:text-red-300">
                {"\u00a0*"}
              </span>
              <span className="sr-only"> ({t("forms.requiredMarker")})</span>
            </>
          ) : null}
        </label>
      </div>
      <FieldMessages meta={meta} hint={hint} />
    </div>
  );
}

/**
 * GOV.UK-style summary: on a rejected submit it takes focus and links to each field; the
 * page title gains "Error: " while errors stand.
 */
// Generic, so a form typed by its own schema can pass its metadata (FormMetadata is invariant).
/** A field's short name for the error summary (common:forms.summary.<name>), or "" when it has none. */
function summaryName(t: TFunction, name: string): string {
  return t(`forms.summary.${name}`, { defaultValue: "" });
}

export function ErrorSummary<Schema extends Record<string, unknown>>({
  form,
  labels = {},
  attempt,
}: {
  form: FormMetadata<Schema, string[]>;
  /**
   * Short names of the fields, by name: each entry then reads "Name: message" (GOV.UK). A field
   * not listed takes its short name from common:forms.summary.<name>, so every entry names its field.
   */
  labels?: Record<string, string>;
  /**
   * How many times the person has tried to submit. When given, the summary appears only
   * after a submit and takes focus once per attempt, so a message shown on blur never
   * steals focus from the field being typed in.
   */
  attempt?: number;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(form.allErrors).filter(([, messages]) => messages.length > 0);
  const formLevel = form.errors ?? [];
  const shown = attempt === undefined || attempt > 0;
  const hasErrors = shown && (entries.length > 0 || formLevel.length > 0);

  useEffect(() => {
    if (!hasErrors) return;
    ref.current?.focus();
    // Only a new attempt (or a new answer from the server) moves focus, never a later keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, formLevel.length, form.status]);

  useEffect(() => {
    if (!hasErrors) return;
    const prefix = t("forms.errorTitlePrefix");
    if (!document.title.startsWith(prefix)) document.title = `${prefix}${document.title}`;
    return () => {
      if (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length);
    };
  }, [hasErrors, t]);

  if (!hasErrors) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${form.id}-error-summary`}
      className="focus-ring rounded-xl border-4 border-red-700 bg-white p-4 dark:border-red-300 dark:bg-gray-950"
    >
      <h2 id={`${form.id}-error-summary`} className="text-lg font-bold">
        {t("forms.errorSummaryTitle")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {formLevel.map((message) => (
          <li key={message} className={errorClass}>
            {translateFieldError(t, message)}
          </li>
        ))}
        {entries
          .filter(([name]) => name !== "")
          .map(([name, messages]) => ({ name, messages, short: labels[name] ?? summaryName(t, name) }))
          .map(({ name, messages, short }) => (
            <li key={name}>
              <a href={`#${form.id}-${name}`} className="link font-semibold text-red-700 dark:text-red-300">
                {short ? `${short}: ` : ""}
                {translateFieldError(t, messages[0]!)}
              </a>
            </li>
          ))}
      </ul>
    </div>
  );
}

/** The submit button: disabled and relabelled (Submitting..., Sending..., Registering...) while busy. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  name,
  value,
  disabled = false,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** For a form with several submit buttons: the intent this one posts. */
  name?: string;
  value?: string;
  /** Also disabled while a required choice is missing (the home enrollment's programs). */
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className="btn-primary"
      disabled={pending || disabled}
      aria-disabled={pending || disabled}
    >
      {pending ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      ) : null}
      {pending ? pendingLabel : label}
    </button>
  );
}

/** A field people never see; a bot that fills it in gets a quiet success (decision 012). */
export function Honeypot() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>{t("forms.honeypotLabel")}</label>
      <input
        id={`hp-${HONEYPOT_FIELD}`}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

import {
  getFormProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useEffect, type ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import type { GenericSchema, InferInput, InferOutput } from "valibot";
import { ErrorSummary, Honeypot, SubmitButton, TextField } from "./fields";
import { TurnstileWidget } from "./turnstile";

/**
 * The kit of the small account-style pages (login, signup, password, e-mail links, donor
 * links): one conform form per page, posted as a plain `<Form method="post">` that works without
 * JavaScript, validated on submit and again on every keystroke after that, with the server's
 * answer (`{ result }` from app/server/page-form.server.ts) as the one that counts.
 */
export function usePageForm<Schema extends GenericSchema<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  answer,
  defaultValue,
  secretField,
}: {
  id: string;
  schema: Schema;
  /** The route's action data; its `result`, when it has one, is the server's verdict. */
  answer: object | undefined;
  defaultValue?: DefaultValue<InferInput<Schema>>;
  /** A field the server never sends back (a password): with JavaScript the typed value is cleared too. */
  secretField?: keyof InferInput<Schema> & string;
}) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [form, fields] = useForm<InferInput<Schema>, InferOutput<Schema>>({
    id,
    lastResult:
      navigation.state === "idle" && answer && "result" in answer
        ? (answer.result as SubmissionResult<string[]>)
        : null,
    defaultValue,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const secretId = secretField ? fields[secretField].id : undefined;
  useEffect(() => {
    const input = secretId ? document.getElementById(secretId) : null;
    if (answer && input instanceof HTMLInputElement) input.value = "";
  }, [answer, secretId]);
  // Busy only while this page's own form posts, not the header's logout or the footer's newsletter.
  const pending = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === pathname;
  return { form, fields, pending };
}

/** The page's `<form>`: the error summary first, then the hidden fields, then the page's own fields. */
export function PageForm<Schema extends Record<string, unknown>>({
  form,
  hidden = {},
  labels,
  className,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  hidden?: Record<string, string>;
  /** The fields' names for the error summary, where common:forms.summary has none (ErrorSummary). */
  labels?: Record<string, string>;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={className}>
      <ErrorSummary form={form} labels={labels} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/**
 * A form that asks for a mail to an address (a donor's link, a year-end statement): "sent"
 * above it after every accepted post, known address or not (`answerMailRequest`).
 */
export function MailRequestForm<Schema extends Record<string, unknown>>({
  form,
  email,
  labels,
  sentMessage,
  pending,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  email: Parameters<typeof TextField>[0]["meta"];
  labels: { email: string; send: string; sending: string };
  /** The "sent" line, once the action has answered so. */
  sentMessage: string | null;
  pending: boolean;
  /** Fields after the e-mail. */
  children?: ReactNode;
}) {
  return (
    <>
      {sentMessage ? <Notice tone="plain">{sentMessage}</Notice> : null}
      <PageForm form={form} className="space-y-4">
        <PublicPostFields />
        <TextField meta={email} label={labels.email} type="email" required autoComplete="email" />
        {children}
        <SubmitButton pending={pending} label={labels.send} pendingLabel={labels.sending} />
      </PageForm>
    </>
  );
}

/**
 * The one button of a page opened from a link in an e-mail: the GET only asks, because mail
 * scanners follow links, and this post acts (decision 014).
 */
export function LinkConfirmButton({ token, label }: { token: string; label: string }) {
  return (
    <Form method="post" className="mt-6">
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="btn-primary">
        {label}
      </button>
    </Form>
  );
}

/** The honeypot and the Turnstile widget that `guardPublicPost` checks (decision 012). */
export function PublicPostFields() {
  return (
    <>
      <Honeypot />
      <TurnstileWidget />
    </>
  );
}

const NOTICE_CLASS = {
  info: "rounded-xl border-2 p-4 border-gray-400 bg-gray-50 text-gray-900 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-100",
  success:
    "rounded-xl border-2 p-4 border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-300 dark:bg-gray-900 dark:text-emerald-100",
  plain: "rounded-xl bg-white p-4 font-semibold dark:bg-gray-950",
} as const;

/** A status line above or instead of the form ("Check your e-mail", "Password changed"). */
export function Notice({
  children,
  tone = "info",
}: {
  children: ReactNode;
  tone?: keyof typeof NOTICE_CLASS;
}) {
  return (
    <p role="status" className={NOTICE_CLASS[tone]}>
      {children}
    </p>
  );
}

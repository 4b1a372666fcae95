import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { OptionsAfterBlank, translateFieldError } from "~/components/forms/fields";

export const inputClass =
  "focus-ring tap-target mt-1 w-full rounded-lg border border-gray-500 bg-white px-3 py-2 text-gray-900 dark:border-gray-400 dark:bg-gray-950 dark:text-white";
export const smallButtonClass = "btn-secondary px-3 py-1 text-sm";

type FieldControl = {
  id: string;
  name: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
  className: string;
};

/** One labelled field with its hint and its message, tied together for screen readers. */
export function LabelledField({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  errors: Record<string, string | undefined>;
  /** Draws the control with `control` spread on it: its id, name, descriptions, state and look. */
  children: (control: FieldControl) => ReactNode;
}) {
  const { t } = useTranslation();
  const error = errors[name];
  const describedBy = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={name} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-gray-700 dark:text-gray-300">
          {hint}
        </p>
      ) : null}
      {children({
        id: name,
        name,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
        className: inputClass,
      })}
      {error ? (
        <p id={`${name}-error`} className="mt-1 font-semibold text-red-800 dark:text-red-200">
          {translateFieldError(t, error)}
        </p>
      ) : null}
    </div>
  );
}

/** A part of an admin page under its own heading, named by it for screen readers. */
export function AdminSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function AdminPageHeader({
  title,
  lead,
  actions,
}: {
  title: string;
  lead?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 max-w-3xl text-gray-700 dark:text-gray-300">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A success or error line after an admin action; announced to screen readers. */
export function Flash({ children, tone = "success" }: { children: ReactNode; tone?: "success" | "error" }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`mt-4 rounded-lg border-2 px-4 py-3 font-semibold ${
        tone === "error"
          ? "border-red-700 text-red-800 dark:border-red-300 dark:text-red-200"
          : "border-emerald-700 text-emerald-900 dark:border-emerald-300 dark:text-emerald-100"
      }`}
    >
      {children}
    </p>
  );
}

export function Badge({
  children,
  tone = "gray",
}: {
  children: ReactNode;
  tone?: "gray" | "green" | "amber" | "red" | "blue";
}) {
  const tones = {
    gray: "bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100",
    green: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
    amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
    red: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
    blue: "bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100",
  } as const;
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** The GET form above a list; its fields become the query string, so filters are links. */
export function FilterBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  return (
    <Form
      method="get"
      className="mt-6 flex flex-wrap items-end gap-3 rounded-xl bg-gray-50 p-4 dark:bg-gray-900"
    >
      {children}
      <button type="submit" className="btn-primary">
        {t("common.filter")}
      </button>
      <Link to={pathname} className="link tap-target inline-flex items-center">
        {t("common.clear")}
      </Link>
    </Form>
  );
}

export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation("admin");
  return (
    <label className="grid text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value ?? ""} className={inputClass}>
        <OptionsAfterBlank blank={t("common.all")} options={options} />
      </select>
    </label>
  );
}

export function FilterText({
  name,
  label,
  value,
  type = "search",
}: {
  name: string;
  label: string;
  value: string | undefined;
  type?: "search" | "date";
}) {
  return (
    <label className="grid text-sm font-semibold">
      {label}
      <input type={type} name={name} defaultValue={value ?? ""} className={inputClass} />
    </label>
  );
}

/**
 * The question a destructive staff action asks before it acts (decision 046): its own region,
 * focused when it appears so a keyboard or screen-reader user lands on it, with the answers as
 * `children` (the post that acts and a way back). Give it a `key` per asked row so each question
 * takes focus again.
 */
export function ConfirmQuestion({
  id,
  question,
  children,
}: {
  id: string;
  question: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={id} className="mt-4 rounded-lg border-2 border-red-700 p-4 dark:border-red-300">
      <h2 id={id} ref={heading} tabIndex={-1} className="focus-ring font-semibold">
        {question}
      </h2>
      <div className="mt-3 flex flex-wrap gap-3">{children}</div>
    </section>
  );
}

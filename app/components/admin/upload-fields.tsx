import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { inputClass } from "./ui";

const errorClass = "mt-1 font-semibold text-red-700 dark:text-red-300";
const hintClass = "mt-0.5 text-sm text-gray-700 dark:text-gray-300";

/** A labelled admin field with its hint and its error, tied together for screen readers. */
function Described({
  id,
  label,
  hint,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: (described: { "aria-describedby"?: string; "aria-invalid"?: true }) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="grid">
      <label htmlFor={id} className="font-semibold">
        {label}
        {required ? <span className="font-normal"> ({t("forms.requiredMarker")})</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {children({
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true as const } : {}),
      })}
      {error ? (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The file input of an upload form (decision 021): what it takes and how big, said before it;
 * the server checks the bytes whatever `accept` lets the browser offer.
 */
export function FileField({
  name = "file",
  label,
  accept,
  hint,
  error,
  required = true,
}: {
  name?: string;
  label: string;
  accept: string;
  hint: string;
  error?: string;
  required?: boolean;
}) {
  const id = `upload-${name}`;
  return (
    <Described id={id} label={label} hint={hint} error={error} required={required}>
      {(described) => (
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          required={required}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-accent-100 file:px-3 file:py-1.5 file:font-semibold file:text-accent-900`}
          {...described}
        />
      )}
    </Described>
  );
}

/** One line of text in an admin editor. */
export function TextField({
  name,
  label,
  hint,
  error,
  defaultValue,
  required,
  maxLength,
  multiline,
  type = "text",
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  required?: boolean;
  maxLength?: number;
  multiline?: boolean;
  type?: "text" | "number";
}) {
  const id = `field-${name}`;
  return (
    <Described id={id} label={label} hint={hint} error={error} required={required}>
      {(described) =>
        multiline ? (
          <textarea
            id={id}
            name={name}
            rows={4}
            defaultValue={defaultValue}
            required={required}
            maxLength={maxLength}
            className={inputClass}
            {...described}
          />
        ) : (
          <input
            id={id}
            name={name}
            type={type}
            defaultValue={defaultValue}
            required={required}
            maxLength={maxLength}
            className={inputClass}
            {...described}
          />
        )
      }
    </Described>
  );
}

type UploadField = "file" | "altEn" | "altEs";
/** A refused upload as the action answers it (`UploadResult` of app/server/files/library.server.ts). */
type RefusedUpload = {
  errors: Partial<Record<UploadField, string>>;
  values: { altEn: string; altEs: string };
  existing?: { name: string; url: string };
};

/**
 * The upload form of /admin/files and the replace form of /admin/files/:key (decisions 021,
 * 059): a multipart post that works without JavaScript, the file said before anything about
 * descriptions, and an image's two descriptions. A refusal opens with a summary naming each
 * field and linking to it (docs/conventions.md, Forms); what was typed is kept.
 */
export function UploadForm({
  id,
  title,
  lead,
  file,
  descriptions,
  refused,
  refusedTitle,
  limits,
  submit,
}: {
  id: string;
  title: string;
  lead?: string;
  file: { label: string; hint: string; accept: string };
  /** An image's descriptions (prefilled when replacing one); none for a PDF. */
  descriptions: { hint: string; max: number; altEn?: string; altEs?: string } | null;
  refused: RefusedUpload | null;
  refusedTitle: string;
  limits: { imageMb: number; pdfMb: number };
  submit: { label: string; busy: string };
}) {
  const { t } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  const message = (reason: string | undefined) =>
    reason ? t(`files.errors.${reason}`, { ...limits, ...refused?.existing }) : undefined;
  const labels: Record<UploadField, string> = {
    file: file.label,
    altEn: t("files.altEn"),
    altEs: t("files.altEs"),
  };
  const problems = (Object.keys(labels) as UploadField[]).filter((field) => refused?.errors[field]);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="mt-6 grid max-w-2xl gap-4 rounded-xl border border-gray-200 p-5 dark:border-gray-700"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {refused ? (
        <div role="alert" className="rounded-lg border-2 border-red-700 p-4 dark:border-red-300">
          <p className="font-semibold text-red-800 dark:text-red-200">{refusedTitle}</p>
          <ul className="mt-2 grid gap-1">
            {problems.map((field) => (
              <li key={field}>
                <a
                  href={`#${field === "file" ? "upload-file" : `field-${field}`}`}
                  className="link tap-target inline-flex items-center"
                >
                  {`${labels[field]}: ${message(refused.errors[field])}`}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {lead ? <p>{lead}</p> : null}
      <FileField
        label={file.label}
        accept={file.accept}
        hint={file.hint}
        error={message(refused?.errors.file)}
      />
      {descriptions ? (
        <>
          <TextField
            name="altEn"
            label={labels.altEn}
            hint={descriptions.hint}
            maxLength={descriptions.max}
            defaultValue={refused?.values.altEn ?? descriptions.altEn}
            error={message(refused?.errors.altEn)}
          />
          <TextField
            name="altEs"
            label={labels.altEs}
            maxLength={descriptions.max}
            defaultValue={refused?.values.altEs ?? descriptions.altEs}
            error={message(refused?.errors.altEs)}
          />
        </>
      ) : null}
      <p>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? submit.busy : submit.label}
        </button>
      </p>
    </Form>
  );
}

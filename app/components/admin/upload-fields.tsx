import { useTranslation } from "react-i18next";
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

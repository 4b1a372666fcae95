import { useState } from "react";
import { useTranslation } from "react-i18next";
import { inputClass } from "./ui";

/**
 * A text of the site being edited, with a preview of it as visitors will read it, updated as
 * staff type and before they save: line breaks kept, and each {{placeholder}} (a name, an amount
 * the page fills in) marked so nobody deletes one by mistake.
 */
export function CopyValueField({
  id,
  value,
  lang,
  maxLength,
}: {
  id: string;
  value: string;
  lang: string;
  maxLength: number;
}) {
  const { t } = useTranslation("admin");
  const [text, setText] = useState(value);
  return (
    <>
      <textarea
        id={id}
        name="value"
        key={value}
        defaultValue={value}
        onChange={(event) => setText(event.target.value)}
        rows={Math.min(8, Math.max(2, Math.ceil(value.length / 80)))}
        maxLength={maxLength}
        required
        lang={lang}
        aria-describedby={`${id}-preview`}
        className={inputClass}
      />
      <div
        id={`${id}-preview`}
        lang={lang}
        className="rounded-lg bg-gray-50 px-3 py-2 text-gray-900 dark:bg-gray-900 dark:text-gray-100"
      >
        <span className="sr-only">{t("content.preview")}: </span>
        <span
          aria-hidden="true"
          className="mr-2 text-xs font-semibold uppercase text-gray-700 dark:text-gray-300"
        >
          {t("content.preview")}
        </span>
        <span className="whitespace-pre-wrap break-words">
          {text.split(/(\{\{[^}]+\}\})/).map((part, index) =>
            /^\{\{[^}]+\}\}$/.test(part) ? (
              <mark
                key={index}
                className="rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-900 dark:text-amber-100"
              >
                {part}
              </mark>
            ) : (
              <span key={index}>{part}</span>
            ),
          )}
        </span>
      </div>
    </>
  );
}

import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher } from "react-router";
import { RecordTable, type Column } from "~/components/admin/data-table";
import { ConfirmQuestion, inputClass } from "./ui";
import { DateTime } from "~/components/ui/format";

/** One saved state of an entry as its history lists it (decision 053). */
export type VersionRow = {
  number: number;
  status: string;
  title: string;
  /** The saver's name, or their e-mail when the account has no name. */
  savedByName: string | null;
  savedByEmail: string | null;
  createdAt: string;
};

/**
 * The entry's versions, newest first, each with who saved it and when; every one but the newest
 * has a button that restores it (a real form, so it works without JavaScript).
 */
export function EntryHistory({ versions }: { versions: VersionRow[] }) {
  const { t } = useTranslation(["undo", "admin"]);
  const newest = versions[0]?.number;
  const columns: Column<VersionRow & { id: string }>[] = [
    { header: "undo:history.version", cell: (row) => row.number },
    { header: "undo:history.when", cell: (row) => <DateTime iso={row.createdAt} /> },
    {
      header: "undo:history.by",
      // By name with the e-mail whole beneath, as the audit log shows its authors (decision 052).
      cell: (row) =>
        row.savedByEmail ? (
          <>
            <span className="block font-semibold">{row.savedByName}</span>
            {row.savedByName !== row.savedByEmail ? (
              <span className="block whitespace-nowrap text-sm">{row.savedByEmail}</span>
            ) : null}
          </>
        ) : (
          t("history.unknown")
        ),
    },
    { header: "undo:history.status", cell: (row) => t(`admin:entries.statuses.${row.status}`) },
    { header: "undo:history.title", cell: (row) => row.title },
    {
      header: "undo:history.actions",
      cell: (row) =>
        row.number === newest ? (
          t("history.current")
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="version" value={row.number} />
            <button type="submit" className="btn-secondary whitespace-nowrap">
              {t("history.restore", { number: row.number })}
            </button>
          </Form>
        ),
    },
  ];
  return (
    <section aria-labelledby="history" className="mt-10">
      <h2 id="history" className="text-xl font-bold">
        {t("history.heading")}
      </h2>
      <p className="mt-1 max-w-3xl text-gray-700 dark:text-gray-300">{t("history.lead")}</p>
      <RecordTable
        label={t("history.tableLabel")}
        columns={columns}
        rows={versions.map((row) => ({ ...row, id: String(row.number) }))}
        empty={t("history.none")}
      />
    </section>
  );
}

/**
 * Where visitors of a taken-down address go: a field for an address on this site, empty for the
 * "taken down" page (410). Used when deleting and on an unpublished entry's editor.
 */
function RedirectField({ defaultValue, error }: { defaultValue: string; error: boolean }) {
  const { t } = useTranslation("undo");
  const id = useId();
  return (
    <div className="w-full max-w-xl">
      <label htmlFor={id} className="font-semibold">
        {t("redirect.label")}
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-700 dark:text-red-300">
          {t("redirect.invalid")}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-0.5 text-sm text-gray-700 dark:text-gray-300">
        {t("redirect.hint")}
      </p>
      <input
        id={id}
        name="redirectTo"
        defaultValue={defaultValue}
        maxLength={200}
        autoComplete="off"
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        className={inputClass}
      />
    </div>
  );
}

/** The delete button: it only asks; the question's own post deletes (decision 046). */
export function DeleteEntryButton({ typeName }: { typeName: string }) {
  const { t } = useTranslation("undo");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="delete" />
      <button type="submit" className="btn-secondary">
        {t("delete.button", { type: typeName })}
      </button>
    </Form>
  );
}

/** The question before a delete: what goes, where visitors of its page will land, and a way back. */
export function ConfirmDelete({
  title,
  publicPath,
  cancelTo,
  typed,
}: {
  title: string;
  /** The entry's public address while it is published, else null. */
  publicPath: string | null;
  cancelTo: string;
  /** What was typed in the redirect field of a refused answer. */
  typed: { value: string; invalid: boolean } | null;
}) {
  const { t } = useTranslation("undo");
  return (
    <ConfirmQuestion id="confirm-delete" question={t("delete.question", { title })}>
      <Form method="post" className="grid w-full gap-4">
        <p>{t("delete.whatGoes")}</p>
        {publicPath ? (
          <>
            <p>{t("delete.publicPath", { path: publicPath })}</p>
            <RedirectField defaultValue={typed?.value ?? ""} error={typed?.invalid ?? false} />
          </>
        ) : null}
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirm" value="yes" />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            {t("delete.confirm")}
          </button>
          <Link to={cancelTo} className="btn-secondary">
            {t("delete.keep")}
          </Link>
        </div>
      </Form>
    </ConfirmQuestion>
  );
}

/** On an unpublished entry whose page was public: what its address shows now, and a way to send visitors elsewhere. */
export function GonePanel({
  path,
  redirectTo,
  typed,
}: {
  path: string;
  redirectTo: string | null;
  typed: { value: string; invalid: boolean } | null;
}) {
  const { t } = useTranslation("undo");
  return (
    <section aria-labelledby="gone-address" className="mt-6 rounded-lg border-2 border-amber-600 p-4">
      <h2 id="gone-address" className="font-semibold">
        {t("gone.heading")}
      </h2>
      <p className="mt-1">
        {redirectTo ? t("gone.redirects", { path, to: redirectTo }) : t("gone.gone", { path })}
      </p>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="redirect" />
        <RedirectField defaultValue={typed?.value ?? redirectTo ?? ""} error={typed?.invalid ?? false} />
        <div>
          <button type="submit" className="btn-secondary">
            {t("gone.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/**
 * The address check as staff type (decision 053): a GET to the editor's `slug` resource, 400 ms
 * after the last keystroke, its answer read out politely. Without JavaScript nothing renders
 * here and the save checks the address (decision 049).
 */
export function SlugCheck({ type, id, value }: { type: string; id: string | null; value: string }) {
  const { t } = useTranslation("undo");
  const fetcher = useFetcher<{ value: string; other: { id: string; title: string } | null }>();
  const { load } = fetcher;
  const slug = value.trim();
  useEffect(() => {
    if (!slug) return;
    const timer = setTimeout(
      () => load(`/admin/entries/${type}/${id ?? "new"}/slug?value=${encodeURIComponent(slug)}`),
      400,
    );
    return () => clearTimeout(timer);
  }, [load, type, id, slug]);
  const answer = fetcher.data?.value === slug && slug ? fetcher.data : null;
  return (
    <p aria-live="polite" className="text-sm">
      {answer?.other ? (
        <>
          <strong>{t("slug.taken", { title: answer.other.title })}</strong>{" "}
          <Link
            to={`/admin/entries/${type}/${answer.other.id}`}
            className="link tap-target inline-flex items-center"
          >
            {t("slug.open")}
          </Link>
        </>
      ) : answer ? (
        t("slug.free")
      ) : null}
    </p>
  );
}

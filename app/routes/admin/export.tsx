import { useTranslation } from "react-i18next";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/ui";
import { formatNumber, useLocale } from "~/lib/format";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { exportParts } from "~/server/export/archive.server";
import { EXPORTED_TABLES, tableFile } from "~/server/export/tables.server";
import { env } from "~/server/kernel/env.server";
import type { Route } from "./+types/export";

export const meta = adminMeta;

/** GET /admin/export: everything the organisation holds, as one download or a few (decision 070). ADMIN only. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const parts = await exportParts(env);
  return {
    title: adminTitle(args, "export.title"),
    parts: parts.map((part) => ({
      number: part.number,
      files: part.files.length,
      megabytes: Math.max(1, Math.ceil(part.bytes / 1024 ** 2)),
    })),
    tables: EXPORTED_TABLES.map(tableFile),
  };
}

export default function AdminExport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { parts, tables } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("export.title")} lead={t("export.lead")} />
      <p className="mt-4 max-w-prose">{t("export.health")}</p>
      <h2 className="mt-8 text-xl font-bold">{t("export.downloads")}</h2>
      <p className="mt-1 max-w-prose">
        {parts.length === 1 ? t("export.oneDownload") : t("export.manyDownloads", { count: parts.length })}
      </p>
      <ul className="mt-4 grid gap-3">
        {parts.map((part) => (
          <li key={part.number} className="flex flex-wrap items-center gap-3">
            <a
              href={`/admin/export/download?part=${part.number}`}
              className={part.number === 1 ? "btn-primary" : "btn-secondary"}
              download
            >
              {parts.length === 1
                ? t("export.downloadAll")
                : t("export.downloadPart", { part: part.number, parts: parts.length })}
            </a>
            <span>
              {part.number === 1
                ? t("export.firstPartHolds", {
                    count: part.files,
                    files: formatNumber(part.files, locale),
                    tables: tables.length,
                    megabytes: formatNumber(part.megabytes, locale),
                  })
                : t("export.partHolds", {
                    count: part.files,
                    files: formatNumber(part.files, locale),
                    megabytes: formatNumber(part.megabytes, locale),
                  })}
            </span>
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-xl font-bold">{t("export.contents")}</h2>
      <p className="mt-1 max-w-prose">{t("export.format")}</p>
      <ul className="mt-3 grid gap-1 font-mono text-sm sm:grid-cols-2 lg:grid-cols-3">
        {tables.map((file) => (
          <li key={file}>{file}</li>
        ))}
        <li>{t("export.filesFolder")}</li>
      </ul>
    </>
  );
}

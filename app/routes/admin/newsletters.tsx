import * as v from "valibot";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { NewsletterFields } from "~/components/admin/newsletter";
import { StatusBadge } from "~/components/admin/status";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { createNewsletter, listNewsletters } from "~/server/admin/newsletters.server";
import { fieldErrors } from "~/lib/forms/field-validation";
import { formStrings, NewsletterDraftSchema } from "~/server/admin/schemas.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/newsletters";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "undo"] };
export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return {
    title: adminTitle(args, "newsletters.title"),
    list: await listNewsletters(env, new URL(args.request.url)),
  };
}

/** A new issue is saved as a draft; its own page then tests, previews and sends it. */
export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args);
  const values = formStrings(readPostedForm(args.context));
  const parsed = v.safeParse(NewsletterDraftSchema, values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.issues), values }, { status: 400 });
  const id = await createNewsletter(env, actor, parsed.output);
  return redirect(`/admin/newsletters/${id}`, 303);
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminNewsletters({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  const columns: Column<Row>[] = [
    { header: "newsletters.created", cell: (row) => <DateTime iso={row.createdAt} /> },
    {
      header: "newsletters.subject",
      cell: (row) => (
        <Link to={`/admin/newsletters/${row.id}`} className="link font-semibold">
          {row.subjectEn || row.subjectEs}
        </Link>
      ),
    },
    { header: "common.status", cell: (row) => <StatusBadge namespace="newsletters" status={row.status} /> },
    { header: "newsletters.sentCount", cell: (row) => row.sentCount },
    {
      header: "newsletters.sentBy",
      cell: (row) => (row.sentByName ? row.sentByName : "—"),
    },
  ];
  return (
    <>
      <AdminPageHeader title={t("newsletters.title")} lead={t("newsletters.lead")} />
      <DataTable label={t("newsletters.title")} columns={columns} list={loaderData.list} />
      <section aria-labelledby="new-issue" className="mt-10">
        <h2 id="new-issue" className="text-xl font-bold">
          {t("newsletters.new")}
        </h2>
        {actionData?.errors.form ? <Flash tone="error">{t("common.invalid")}</Flash> : null}
        <Form method="post" className="mt-3 grid gap-4">
          <NewsletterFields values={actionData?.values ?? {}} errors={actionData?.errors ?? {}} />
          <div>
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("newsletters.saveDraft")}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}

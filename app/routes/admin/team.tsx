import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { FileSelect, TextField } from "~/components/admin/upload-fields";
import { AdminPageHeader, Flash, inputClass, smallButtonClass } from "~/components/admin/ui";
import { translateFieldError } from "~/components/forms/fields";
import { TEAM_GROUPS } from "~/lib/vocabulary";
import { pageOf } from "~/server/admin/list.server";
import { formStrings } from "~/server/admin/schemas.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { fileChoices } from "~/server/files/records.server";
import { deleteMember, listTeam, saveMember, TEAM_LIMITS } from "~/server/files/team.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/team";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const team = await listTeam(env);
  const editId = new URL(args.request.url).searchParams.get("edit");
  return {
    title: adminTitle(args, "team.title"),
    list: pageOf(team, team.length, { filters: {}, page: 1 }, Math.max(1, team.length)),
    editing: team.find((member) => member.id === editId) ?? null,
    photos: await fileChoices(env, "image"),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const fields = formStrings(readPostedForm(args.context));
  const result =
    fields.intent === "delete"
      ? await deleteMember(env, admin, fields.id ?? "")
      : await saveMember(env, admin, fields);
  return result.ok ? result : data(result, { status: 400 });
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { list, editing, photos } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData?.ok === false ? actionData : null;
  const values: Record<string, string | null | undefined> =
    failed?.values ?? (editing ? { ...editing, photo: null, position: String(editing.position) } : {});
  const error = (field: string) => {
    const key = failed?.errors[field];
    return key ? translateFieldError(t, key) : undefined;
  };
  const spanish = i18n.language === "es";
  const columns: Column<Row>[] = [
    {
      header: "team.photo",
      cell: (row) =>
        row.photo?.width && row.photo.height ? (
          <img
            src={row.photo.url}
            alt={spanish ? row.photo.altEs : row.photo.altEn}
            width={row.photo.width}
            height={row.photo.height}
            loading="lazy"
            className="h-12 w-12 rounded-full object-cover"
          />
        ) : (
          "—"
        ),
    },
    { header: "common.name", cell: (row) => row.name },
    { header: "team.role", cell: (row) => (spanish ? row.roleEs : row.roleEn) },
    { header: "team.group", cell: (row) => t(`team.groups.${row.group}`) },
    {
      header: "common.actions",
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          <Link to={`?edit=${row.id}`} className={smallButtonClass}>
            {t("team.edit", { name: row.name })}
          </Link>
          <Form method="post">
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" name="intent" value="delete" className={smallButtonClass}>
              {t("team.delete", { name: row.name })}
            </button>
          </Form>
        </div>
      ),
    },
  ];
  return (
    <>
      <AdminPageHeader title={t("team.title")} lead={t("team.lead")} />
      {actionData?.ok === true ? (
        <Flash>{t(`team.${actionData.saved}`)}</Flash>
      ) : failed ? (
        <Flash tone="error">{error("form") ?? t("common.invalid")}</Flash>
      ) : null}
      <DataTable label={t("team.title")} columns={columns} list={list} />
      <Form
        method="post"
        key={editing?.id ?? "new"}
        className="mt-8 grid max-w-2xl gap-4 rounded-xl border border-gray-200 p-5 dark:border-gray-700"
        aria-labelledby="member-editor"
      >
        <h2 id="member-editor" className="text-xl font-bold">
          {editing ? t("team.editTitle", { name: editing.name }) : t("team.newTitle")}
        </h2>
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField
          name="name"
          label={t("common.name")}
          required
          maxLength={TEAM_LIMITS.name}
          defaultValue={values.name ?? undefined}
          error={error("name")}
        />
        <div className="grid">
          <label htmlFor="field-group" className="font-semibold">
            {t("team.group")}
          </label>
          <select id="field-group" name="group" defaultValue={values.group ?? "staff"} className={inputClass}>
            {TEAM_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`team.groups.${group}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          name="roleEn"
          label={t("team.roleEn")}
          required
          maxLength={TEAM_LIMITS.role}
          defaultValue={values.roleEn ?? undefined}
          error={error("roleEn")}
        />
        <TextField
          name="roleEs"
          label={t("team.roleEs")}
          required
          maxLength={TEAM_LIMITS.role}
          defaultValue={values.roleEs ?? undefined}
          error={error("roleEs")}
        />
        <TextField
          name="bioEn"
          label={t("team.bioEn")}
          required
          multiline
          maxLength={TEAM_LIMITS.bio}
          defaultValue={values.bioEn ?? undefined}
          error={error("bioEn")}
        />
        <TextField
          name="bioEs"
          label={t("team.bioEs")}
          required
          multiline
          maxLength={TEAM_LIMITS.bio}
          defaultValue={values.bioEs ?? undefined}
          error={error("bioEs")}
        />
        <TextField
          name="position"
          type="number"
          label={t("team.position")}
          hint={t("team.positionHint")}
          defaultValue={values.position ?? "0"}
          error={error("position")}
        />
        <FileSelect
          name="photoId"
          label={t("team.photo")}
          hint={t("team.photoHint")}
          emptyLabel={t("team.noPhoto")}
          choices={photos}
          defaultValue={values.photoId}
          error={error("photoId")}
        />
        <p>
          <Link to="/admin/files" className="link">
            {t("team.uploadLink")}
          </Link>
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
            {t("common.save")}
          </button>
          {editing ? (
            <Link to="/admin/team" className="btn-secondary">
              {t("team.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}

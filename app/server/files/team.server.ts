import { asc, eq } from "drizzle-orm";
import * as v from "valibot";
import { formSchema, oneOf, requiredParagraphs, requiredText } from "~/lib/forms/field-validation";
import type { SessionUser } from "~/lib/session-user";
import { TEAM_GROUPS, type TeamGroup } from "~/lib/vocabulary";
import { fieldChanges } from "../admin/audit.server";
import { auditEntry } from "../admin/common.server";
import { bumpContentVersion } from "../content/version.server";
import { getDb } from "../db/client.server";
import { files, teamMembers } from "../db/schema";
import {
  fieldErrors,
  isFileOfKind,
  publicFile,
  RecordIdSchema,
  type EditorResult,
  type PublicFile,
} from "./records.server";

/** The people of /team (decision 021), edited at /admin/team. */
export const TEAM_LIMITS = { name: 100, role: 120, bio: 800 } as const;

const position = v.pipe(
  v.optional(v.string(), "0"),
  v.trim(),
  v.transform((text) => (text === "" ? 0 : Number(text))),
  v.number("admin:team.errors.position"),
  v.integer("admin:team.errors.position"),
  v.minValue(0, "admin:team.errors.position"),
  v.maxValue(999, "admin:team.errors.position"),
);

const MemberSchema = formSchema({
  group: oneOf(TEAM_GROUPS),
  name: requiredText(TEAM_LIMITS.name),
  roleEn: requiredText(TEAM_LIMITS.role),
  roleEs: requiredText(TEAM_LIMITS.role),
  bioEn: requiredParagraphs(TEAM_LIMITS.bio),
  bioEs: requiredParagraphs(TEAM_LIMITS.bio),
  position,
});

export type MemberView = {
  id: string;
  group: TeamGroup;
  name: string;
  roleEn: string;
  roleEs: string;
  bioEn: string;
  bioEs: string;
  position: number;
  photoId: string | null;
  photo: PublicFile | null;
};

/** Everyone, by group and position. */
export async function listTeam(env: Pick<Env, "DB">): Promise<MemberView[]> {
  const rows = await getDb(env)
    .select({ member: teamMembers, file: files })
    .from(teamMembers)
    .leftJoin(files, eq(files.id, teamMembers.photoId))
    .orderBy(asc(teamMembers.group), asc(teamMembers.position), asc(teamMembers.name));
  return rows.map(({ member, file }) => ({
    id: member.id,
    group: member.group,
    name: member.name,
    roleEn: member.roleEn,
    roleEs: member.roleEs,
    bioEn: member.bioEn,
    bioEs: member.bioEs,
    position: member.position,
    photoId: member.photoId,
    photo: publicFile(file),
  }));
}

/** Adds a member, or changes the one named by `id`; an audit row and a new content version. */
export async function saveMember(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  fields: Record<string, string>,
): Promise<EditorResult> {
  const parsed = v.safeParse(MemberSchema, fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.issues);
  const photoId = fields.photoId ?? "";
  if (photoId && !(await isFileOfKind(env, photoId, "image"))) errors.photoId = "admin:team.errors.photo";
  const id = fields.id ? v.safeParse(RecordIdSchema, fields.id) : null;
  if (id && !id.success) errors.form = "admin:common.invalid";
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, values: fields };
  const record = { ...parsed.output, photoId: photoId || null };
  const db = getDb(env);
  if (id?.success) {
    const [before] = await db.select().from(teamMembers).where(eq(teamMembers.id, id.output));
    if (!before) return { ok: false, errors: { form: "admin:team.errors.gone" }, values: fields };
    await db.batch([
      db
        .update(teamMembers)
        .set({ ...record, updatedAt: new Date().toISOString() })
        .where(eq(teamMembers.id, id.output)),
      auditEntry(db, admin, {
        action: "team.update",
        targetType: "team_member",
        targetId: id.output,
        detail: { changes: fieldChanges(before, record) },
      }),
    ]);
  } else {
    const newId = crypto.randomUUID();
    await db.batch([
      db.insert(teamMembers).values({ id: newId, ...record }),
      auditEntry(db, admin, {
        action: "team.create",
        targetType: "team_member",
        targetId: newId,
        detail: { name: record.name },
      }),
    ]);
  }
  await bumpContentVersion(env);
  return { ok: true, saved: "saved" };
}

export async function deleteMember(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  rawId: string,
): Promise<EditorResult> {
  const id = v.safeParse(RecordIdSchema, rawId);
  if (!id.success) return { ok: false, errors: { form: "admin:common.invalid" }, values: {} };
  const db = getDb(env);
  const [before] = await db.select().from(teamMembers).where(eq(teamMembers.id, id.output));
  if (!before) return { ok: false, errors: { form: "admin:team.errors.gone" }, values: {} };
  await db.batch([
    db.delete(teamMembers).where(eq(teamMembers.id, id.output)),
    auditEntry(db, admin, {
      action: "team.delete",
      targetType: "team_member",
      targetId: id.output,
      detail: { name: before.name },
    }),
  ]);
  await bumpContentVersion(env);
  return { ok: true, saved: "deleted" };
}

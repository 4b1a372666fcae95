import { and, eq, sql } from "drizzle-orm";
import * as v from "valibot";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { users } from "../db/schema";
import { ROLES, type Role } from "~/lib/vocabulary";
import { fieldChanges } from "./audit.server";
import { auditEntry, contains } from "./common.server";
import { choiceFilter, listQuery, newestFirstPage, searchFilter } from "./list.server";

const UserFiltersSchema = v.object({ role: choiceFilter(ROLES), q: searchFilter });

export async function listUsers(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  const query = listQuery(UserFiltersSchema, url);
  const { role, q } = query.filters;
  const condition = and(
    role ? eq(users.role, role) : undefined,
    q ? sql`(${contains(users.email, q)} or ${contains(users.name, q)})` : undefined,
  );
  return newestFirstPage(db, query, {
    table: users,
    where: condition,
    rows: db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
      })
      .from(users)
      .$dynamic(),
  });
}

type RoleChange = { ok: true; changed: boolean } | { ok: false; reason: "last-admin" | "not-found" };

/**
 * Sets a user's role. Demoting is one conditional UPDATE that only applies while another
 * admin exists, so two admins demoting each other at once cannot leave none.
 */
export async function setUserRole(
  env: Pick<Env, "DB">,
  admin: SessionUser,
  userId: string,
  role: Role,
): Promise<RoleChange> {
  const db = getDb(env);
  const [target] = await db
    .select({ role: users.role, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!target) return { ok: false, reason: "not-found" };
  if (target.role === role) return { ok: true, changed: false };
  const now = new Date().toISOString();
  const guard =
    role === "ADMIN"
      ? undefined
      : sql`(select count(*) from ${users} where ${users.role} = 'ADMIN' and ${users.id} <> ${userId}) > 0`;
  const [updated] = await db
    .update(users)
    .set({ role, updatedAt: now })
    .where(and(eq(users.id, userId), guard))
    .returning({ id: users.id });
  if (!updated) return { ok: false, reason: "last-admin" };
  await db.batch([
    auditEntry(db, admin, {
      action: "user.role",
      targetType: "user",
      targetId: userId,
      detail: { email: target.email, changes: fieldChanges(target, { role }) },
    }),
  ]);
  return { ok: true, changed: true };
}

import { and, eq, sql } from "drizzle-orm";
import * as v from "valibot";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { totpCredentials, users } from "../db/schema";
import { resetSecondFactorStatements } from "../auth/second-factor.server";
import { ROLES, type Role } from "~/lib/vocabulary";
import { fieldChanges, auditEntry } from "../records/audit.server";
import { choiceFilter, listQuery, newestFirstPage, searchFilter, contains } from "../records/list.server";

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
        hasSecondFactor:
          sql<number>`exists (select 1 from ${totpCredentials} where ${totpCredentials.userId} = ${users.id} and ${totpCredentials.confirmedAt} is not null)`.mapWith(
            Boolean,
          ),
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

/**
 * An admin's reset of another person's second factor (a lost phone and no recovery code left):
 * the app's key, the recovery codes and every session go, with the audit row, in one batch;
 * the next sign-in enrols again (decision 048). An admin cannot reset their own.
 */
export async function resetSecondFactor(
  env: Pick<Env, "DB">,
  admin: SessionUser,
  userId: string,
): Promise<{ ok: true; email: string } | { ok: false; reason: "not-found" | "own" }> {
  if (userId === admin.id) return { ok: false, reason: "own" };
  const db = getDb(env);
  const [target] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!target) return { ok: false, reason: "not-found" };
  await db.batch([
    ...resetSecondFactorStatements(db, userId),
    auditEntry(db, admin, {
      action: "user.second-factor-reset",
      targetType: "user",
      targetId: userId,
      detail: { email: target.email },
    }),
  ]);
  return { ok: true, email: target.email };
}

import type { Role } from "~/lib/vocabulary";

/** The user object of docs/product.md §3 and GET /api/v1/auth/me. */
export type SessionUser = { id: string; name: string; email: string; role: Role };

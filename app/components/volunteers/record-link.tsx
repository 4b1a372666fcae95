import type { ReactNode } from "react";
import { Link } from "react-router";

/** A name in a staff list that opens its record: underlined as a link, and a 44 px target (decision 055). */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="link tap-target inline-flex items-center">
      {children}
    </Link>
  );
}

import { useTranslation } from "react-i18next";
import { Badge } from "./ui";

const SUBMISSION_TONES = { new: "blue", "in-progress": "amber", done: "green", spam: "red" } as const;

export function SubmissionStatusBadge({ status }: { status: keyof typeof SUBMISSION_TONES }) {
  const { t } = useTranslation("admin");
  return <Badge tone={SUBMISSION_TONES[status]}>{t(`statuses.${status}`)}</Badge>;
}

const GENERIC_TONES: Record<string, "gray" | "green" | "amber" | "red" | "blue"> = {
  pending: "amber",
  succeeded: "green",
  confirmed: "green",
  sent: "green",
  failed: "red",
  refunded: "gray",
  unsubscribed: "gray",
};

/** A status badge whose words come from admin:<namespace>.statuses.<status>. */
export function StatusBadge({ status, namespace }: { status: string; namespace: string }) {
  const { t } = useTranslation("admin");
  return <Badge tone={GENERIC_TONES[status] ?? "gray"}>{t(`${namespace}.statuses.${status}`)}</Badge>;
}

import { useTranslation } from "react-i18next";
import { disputeWithdrewFunds, type DisputeStatus } from "~/lib/vocabulary";
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

/**
 * A gift's dispute, coloured by what it did to the money (decision 044): red only while Stripe
 * has it back (a chargeback open or lost), green once it is returned (won); an inquiry, a closed
 * one and a prevented dispute took nothing, so they stay gray.
 */
export function DisputeBadge({ status }: { status: DisputeStatus }) {
  const { t } = useTranslation("admin");
  const tone = disputeWithdrewFunds(status) ? "red" : status === "won" ? "green" : "gray";
  return <Badge tone={tone}>{t(`donations.disputes.${status}`)}</Badge>;
}

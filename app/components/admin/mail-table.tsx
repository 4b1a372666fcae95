import { DateTime } from "~/components/ui/format";
import { RecordSection, type Column } from "./data-table";
import { StatusBadge } from "./status";

type Mail = {
  id: string;
  to?: string;
  subject: string;
  template: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
};

const MAIL_COLUMNS: Column<Mail>[] = [
  { header: "common.date", cell: (mail) => <DateTime iso={mail.sentAt ?? mail.createdAt} /> },
  {
    header: "gift.mailTemplate",
    cell: (mail) => (
      <>
        <code>{mail.template}</code>
        {mail.to ? <span className="block break-all text-sm">{mail.to}</span> : null}
      </>
    ),
  },
  { header: "gift.mailSubject", cell: (mail) => mail.subject },
  { header: "common.status", cell: (mail) => <StatusBadge namespace="outbox" status={mail.status} /> },
];

/** The e-mails sent about a gift or to a donor: receipts, notices, statements. */
export function MailTable({ mails, label }: { mails: Mail[]; label: string }) {
  return <RecordSection id="mails-heading" title={label} columns={MAIL_COLUMNS} rows={mails} />;
}

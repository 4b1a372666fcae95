import { useTranslation } from "react-i18next";
import { DateTime } from "~/components/ui/format";
import { TableScroll, tableClass, tdClass, thClass } from "~/components/ui/table";
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

/** The e-mails sent about a gift or to a donor: receipts, notices, statements. */
export function MailTable({ mails, label }: { mails: Mail[]; label: string }) {
  const { t } = useTranslation("admin");
  return (
    <section className="mt-8">
      <h2 id="mails-heading" className="text-xl font-bold">
        {label}
      </h2>
      {mails.length === 0 ? (
        <p className="mt-3">{t("common.none")}</p>
      ) : (
        <TableScroll label={label}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("common.date")}</th>
                <th className={thClass}>{t("gift.mailTemplate")}</th>
                <th className={thClass}>{t("gift.mailSubject")}</th>
                <th className={thClass}>{t("common.status")}</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id}>
                  <td className={tdClass}>
                    <DateTime iso={mail.sentAt ?? mail.createdAt} />
                  </td>
                  <td className={tdClass}>
                    <code>{mail.template}</code>
                    {mail.to ? <span className="block break-all text-sm">{mail.to}</span> : null}
                  </td>
                  <td className={tdClass}>{mail.subject}</td>
                  <td className={tdClass}>
                    <StatusBadge namespace="outbox" status={mail.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

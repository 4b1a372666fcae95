import { Link } from "react-router";

/** A short list of links to related pages (a donor's self-service pages, a person's own pages). */
export function LinkList({
  links,
  linkClassName = "link",
}: {
  links: readonly { to: string; label: string }[];
  linkClassName?: string;
}) {
  return (
    <ul className="space-y-2">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { Link } from 'react-router';

/** The link every serial of the desk carries: the installed-unit record. */
export function SerialLink({ serial }: { serial: string }) {
  return (
    <Link
      to={`/serial/${encodeURIComponent(serial)}`}
      className="font-mono text-blue-700 underline-offset-2 hover:underline"
    >
      {serial}
    </Link>
  );
}

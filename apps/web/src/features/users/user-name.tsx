import { fullName } from '@karya/domain/user';

/** Avatar initial and full name, as the user lists and profile cards show them. */
export function UserName({
  user,
  subtitle,
}: {
  user: { firstName: string; lastName: string };
  subtitle?: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-700"
      >
        {user.firstName.charAt(0).toUpperCase() || '?'}
      </span>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{fullName(user)}</p>
        {subtitle ? <p className="text-xs text-slate-500">{subtitle}</p> : null}
      </div>
    </div>
  );
}

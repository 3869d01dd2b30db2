import type { BranchSummary } from '@karya/domain/branch-schemas';
import { formatPhone } from '@karya/domain/phone-rules';
import { fullName } from '@karya/domain/user';
import { Mail, Phone, UserCog } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../ui/card';

/** Spec 1 §2.8: the Branch Manager card; a click opens the manager's details. */
export function BranchManagerCard({ manager }: { manager: BranchSummary['managerInfo'] }) {
  if (!manager) {
    return (
      <Card title="Branch Manager">
        <p className="text-sm text-slate-500">No manager assigned</p>
      </Card>
    );
  }
  return (
    <Card title="Branch Manager">
      <Link
        to={`/users/managers/${manager._id}`}
        className="-m-2 block rounded-lg p-2 hover:bg-slate-50"
      >
        <p className="flex items-center gap-2 font-medium text-slate-900">
          <UserCog aria-hidden="true" className="size-4 text-blue-600" />
          {fullName(manager)}
        </p>
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <Mail aria-hidden="true" className="size-4 text-slate-400" />
          {manager.email}
        </p>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
          <Phone aria-hidden="true" className="size-4 text-slate-400" />
          {formatPhone(manager.phone) || 'Not provided'}
        </p>
      </Link>
    </Card>
  );
}

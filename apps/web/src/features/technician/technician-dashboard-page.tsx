import { Construction } from 'lucide-react';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { TechnicianTopBar } from './technician-top-bar';

/** Full-screen and phone-first: technicians use it on site. */
export function TechnicianDashboardPage() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <TechnicianTopBar />
      <main className="mx-auto max-w-3xl px-4 py-6">
        <PageHeader title="Technician Dashboard" />
        <Card>
          <EmptyState
            icon={Construction}
            title="Coming soon"
            description="This screen is being built."
          />
        </Card>
      </main>
    </div>
  );
}

import { Construction } from 'lucide-react';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { PageHeader } from '../ui/page-header';

/** Stands in for a screen of the route table until its feature is built. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={Construction}
          title="Coming soon"
          description="This screen is being built."
        />
      </Card>
    </>
  );
}

import { PageHeader } from '@/components/layouts/page-header';
import { UnderConstruction } from '@/components/under-construction';

export interface PlaceholderPageProps {
  title: string;
  subtitle?: string | undefined;
  description: string;
}

/** Page header plus an honest "Em construção" card, for areas not built yet. */
export function PlaceholderPage({ title, subtitle, description }: PlaceholderPageProps) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} subtitle={subtitle} />
      <UnderConstruction description={description} />
    </div>
  );
}

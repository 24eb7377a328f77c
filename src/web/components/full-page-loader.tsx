import { Spinner } from '@/components/ui/spinner';

export function FullPageLoader({ label = 'Carregando' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background" data-testid="page-loader">
      <Spinner size="page" label={label} />
    </div>
  );
}

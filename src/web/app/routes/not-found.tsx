import { HomeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export default function NotFoundRoute() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <p aria-hidden="true" className="text-7xl font-bold tracking-tight text-primary/80">
        404
      </p>
      <h1 className="text-2xl font-semibold tracking-tight">Oops! Page not found</h1>
      <p className="max-w-md text-muted-foreground">A página que você procura não existe ou foi movida.</p>
      <Button asChild>
        <Link to="/">
          <HomeIcon aria-hidden="true" />
          Voltar para o início
        </Link>
      </Button>
    </div>
  );
}

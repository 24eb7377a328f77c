import { Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorScreen } from './error-screen';

/** errorElement of the routes: render and loading errors of a page end here. */
export function RouteErrorScreen({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  return (
    <ErrorScreen
      fullPage={fullPage}
      error={error}
      homeAction={
        <Button asChild>
          <Link to="/">Voltar para página inicial</Link>
        </Button>
      }
    />
  );
}

export function RootRouteErrorScreen() {
  return <RouteErrorScreen fullPage />;
}

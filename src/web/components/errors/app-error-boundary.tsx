import * as React from 'react';
import { buttonVariants } from '@/components/ui/button';
import { ErrorScreen } from './error-screen';

interface AppErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Last line of defence around the router: a crash outside any route still gets the error screen. */
export class AppErrorBoundary extends React.Component<{ children: React.ReactNode }, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error, hasError: true };
  }

  override render() {
    if (this.state.hasError) {
      return (
        <ErrorScreen
          fullPage
          error={this.state.error}
          homeAction={
            // A full reload: whatever broke may live in state that a client-side navigation keeps.
            <a href="/" className={buttonVariants()}>
              Voltar para página inicial
            </a>
          }
        />
      );
    }
    return this.props.children;
  }
}

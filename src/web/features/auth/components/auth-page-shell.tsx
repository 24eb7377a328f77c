import type * as React from 'react';
import { Brand } from '@/components/layouts/brand';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

export interface AuthPageShellProps {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
  /** The card's width. */
  wide?: boolean;
}

/** A signed-out page of one card (password recovery, enrolling the second factor): the brand above it. */
export function AuthPageShell({ title, description, children, wide = false }: AuthPageShellProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10 sm:px-8">
      <div className={wide ? 'w-full max-w-xl space-y-6' : 'w-full max-w-md space-y-6'}>
        <Brand tone="default" />
        <Card className="shadow-sm">
          <CardHeader>
            <h1 className="text-xl leading-tight font-semibold">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}

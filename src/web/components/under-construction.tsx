import { HardHatIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

export interface UnderConstructionProps {
  /** What this area will do, in one or two sentences. */
  description: string;
}

/** Honest placeholder for an area that is not built yet: no sample figures. */
export function UnderConstruction({ description }: UnderConstructionProps) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <HardHatIcon aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-lg font-semibold">Em construção</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Esta área ainda não está disponível nesta versão do Milheiro. {description}
        </p>
      </CardContent>
    </Card>
  );
}

import { HardHatIcon } from 'lucide-react';
import { MessageCard } from '@/components/message-card';

export interface UnderConstructionProps {
  /** What this area will do, in one or two sentences. */
  description: string;
}

/** Honest placeholder for an area that is not built yet: no sample figures. */
export function UnderConstruction({ description }: UnderConstructionProps) {
  return (
    <MessageCard
      icon={HardHatIcon}
      title="Em construção"
      description={<>Esta área ainda não está disponível nesta versão do Milheiro. {description}</>}
      descriptionClassName="max-w-md"
    />
  );
}

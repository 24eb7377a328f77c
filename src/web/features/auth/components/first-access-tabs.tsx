import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Session } from '@/types/api';
import type { SetupStatus } from '../api/get-setup';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode = 'sign-in' | 'sign-up';

export interface FirstAccessTabsProps {
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  demo?: SetupStatus['demo'];
  onSignedUp: (session: Session) => void;
  onSignedIn: (session: Session) => void;
  /** Someone else finished the first sign-up meanwhile. */
  onClosed: () => void;
}

/** /entrar before the first agency exists: 'Criar conta' and 'Entrar' (a module of its own, not on every sign-in). */
export default function FirstAccessTabs({
  mode,
  onModeChange,
  demo,
  onSignedUp,
  onSignedIn,
  onClosed,
}: FirstAccessTabsProps) {
  return (
    <Tabs value={mode} onValueChange={(value) => onModeChange(value as Mode)}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="sign-up">Criar conta</TabsTrigger>
        <TabsTrigger value="sign-in">Entrar</TabsTrigger>
      </TabsList>
      <TabsContent value="sign-up" className="pt-2">
        <SignUpForm onSuccess={onSignedUp} onClosed={onClosed} />
      </TabsContent>
      <TabsContent value="sign-in" className="pt-2">
        <SignInForm demo={demo} onSuccess={onSignedIn} />
      </TabsContent>
    </Tabs>
  );
}

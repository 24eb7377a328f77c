import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { SidebarContent } from './sidebar';

export interface MobileNavProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agencyName: string | undefined;
}

/** The sidebar as a drawer below 1024 px (app-shell.tsx loads it after the first page). */
export function MobileNav({ open, onOpenChange, agencyName }: MobileNavProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="mobile-nav-overlay"
          className="fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in lg:hidden"
        />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-(--sidebar-width) max-w-[85vw] shadow-xl outline-none data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left lg:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Menu de navegação</DialogPrimitive.Title>
          <SidebarContent agencyName={agencyName} onNavigate={() => onOpenChange(false)} />
          <DialogPrimitive.Close
            className="absolute top-4 right-3 flex size-8 items-center justify-center rounded-md text-sidebar-muted-foreground outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-primary"
            aria-label="Fechar menu"
          >
            <XIcon aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

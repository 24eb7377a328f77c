import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { CircleAlertIcon, ClockIcon, LinkIcon, UserCheckIcon } from 'lucide-react';
import { ROLE_LABELS } from '@domain/auth/roles';
import { formatDateTime } from '@domain/format';
import { Brand } from '@/components/layouts/brand';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SIGN_IN_PATH } from '@/config/constants';
import { useSessionMutation } from '@/features/auth/api/get-me';
import { acceptInvitation } from '@/features/team/api/accept-invitation';
import { useInvitationPreview } from '@/features/team/api/get-invitation-preview';
import { AcceptInvitationForm } from '@/features/team/components/accept-invitation-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Why a link opens nothing, by the API's code (404 unknown, 410 the rest). */
const DEAD_LINKS: Record<string, { icon: typeof LinkIcon; title: string }> = {
  INVITATION_UNKNOWN: { icon: LinkIcon, title: 'Link de convite inválido' },
  INVITATION_EXPIRED: { icon: ClockIcon, title: 'Convite expirado' },
  INVITATION_REVOKED: { icon: CircleAlertIcon, title: 'Convite revogado' },
  INVITATION_USED: { icon: UserCheckIcon, title: 'Convite já aceito' },
};

/**
 * /convite/:token (issue #20): the agency, e-mail and role of an invitation, and the form that
 * creates the user; once accepted the user lands signed in on the dashboard. A dead link says why.
 */
export default function AcceptInvitationRoute() {
  useDocumentTitle();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useSessionMutation(acceptInvitation);
  const dead = preview.isError && isApiError(preview.error) ? DEAD_LINKS[preview.error.code] : undefined;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10 sm:px-8">
      <div className="w-full max-w-lg space-y-6">
        <Brand tone="default" />
        {preview.isPending ? (
          <Card role="status" aria-busy="true" aria-label="Carregando convite">
            <CardContent className="space-y-4 pt-6">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-4 w-full" />
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-9 w-full" />
              ))}
            </CardContent>
          </Card>
        ) : dead && isApiError(preview.error) ? (
          <Card data-testid="invitation-dead">
            <CardHeader className="items-center text-center">
              <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <dead.icon aria-hidden="true" className="size-6" />
              </span>
              <h1 className="text-xl leading-tight font-semibold">{dead.title}</h1>
              <CardDescription>{preview.error.message}</CardDescription>
            </CardHeader>
            <CardContent className="flex justify-center">
              <Button asChild variant="outline">
                <RouterLink to={SIGN_IN_PATH}>Ir para o login</RouterLink>
              </Button>
            </CardContent>
          </Card>
        ) : preview.isError ? (
          <QueryErrorState title="Erro ao carregar o convite" query={preview} />
        ) : (
          <Card className="shadow-sm">
            <CardHeader>
              <h1 className="text-xl leading-tight font-semibold">
                Entrar para a equipe de {preview.data.agency_name}
              </h1>
              <CardDescription>
                Você foi convidado como <strong className="text-foreground">{ROLE_LABELS[preview.data.role]}</strong>.
                Cadastre seu nome e uma senha para acessar. O convite vale até {formatDateTime(preview.data.expires_at)}
                .
              </CardDescription>
            </CardHeader>
            <CardContent>
              <AcceptInvitationForm
                invitation={preview.data}
                pending={accept.isPending}
                onAccept={(input, onError) =>
                  accept.mutate(
                    { token, input },
                    {
                      onSuccess: (session) => {
                        toast.success('Bem-vindo à equipe!', {
                          description: `Você entrou em ${session.agency.trade_name} como ${ROLE_LABELS[session.user.role]}.`,
                        });
                        void navigate('/', { replace: true });
                      },
                      onError: (error) => {
                        // The link died meanwhile: the page says why.
                        if (isApiError(error) && DEAD_LINKS[error.code]) void preview.refetch();
                        onError(error);
                      },
                    },
                  )
                }
              />
            </CardContent>
          </Card>
        )}
      </div>
    </main>
  );
}

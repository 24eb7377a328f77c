import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { formatDateTime } from '@domain/format';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ACTIVITY_TYPE_LABELS, activityHref, activityType, type ActivityType } from '../activity';

const BADGE_VARIANTS: Record<ActivityType, BadgeProps['variant']> = {
  emission: 'default',
  client: 'secondary',
  lot: 'outline',
  miles: 'secondary',
  quote: 'secondary',
  finance: 'success',
  rule: 'outline',
  import: 'secondary',
  other: 'outline',
};

/** 'Atividades Recentes' (spec part 1 §2): the newest lines of the activity log, each to its record. */
export function RecentActivity({ activity }: { activity: Dashboard['recent_activity'] | undefined }) {
  return (
    <Card className="gap-3" aria-labelledby="dashboard-activity-title">
      <CardHeader className="px-4 sm:px-5">
        <h2 id="dashboard-activity-title" className="text-base leading-tight font-semibold">
          Atividades Recentes
        </h2>
        <CardDescription>O que a equipe fez por último</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 px-4 sm:px-5">
        {activity === undefined ? (
          <div className="space-y-3 py-1">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : activity.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Nenhuma atividade recente</p>
        ) : (
          <ul className="divide-y" aria-label="Atividades Recentes">
            {activity.map((line) => {
              const type = activityType(line);
              const href = activityHref(line);
              return (
                <li key={line.id} data-testid="activity-line" className="flex items-start gap-3 py-2.5">
                  <div className="min-w-0 flex-1 space-y-0.5">
                    {href ? (
                      <Link
                        to={href}
                        className="block text-sm font-medium [overflow-wrap:anywhere] underline-offset-4 hover:text-primary hover:underline"
                      >
                        {line.description}
                      </Link>
                    ) : (
                      <p className="text-sm font-medium [overflow-wrap:anywhere]">{line.description}</p>
                    )}
                    <p className="text-xs text-muted-foreground tabular-nums">
                      <time dateTime={line.created_at}>{formatDateTime(line.created_at)}</time>
                    </p>
                  </div>
                  <Badge variant={BADGE_VARIANTS[type]} className="mt-0.5">
                    {ACTIVITY_TYPE_LABELS[type]}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <CardFooter className="px-4 sm:px-5">
        <Button asChild size="sm" className="w-full">
          <Link to="/emissoes">
            <PlusIcon aria-hidden="true" />
            Nova Emissão
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

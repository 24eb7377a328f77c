import { Button, Link, Section, Text } from '@react-email/components';
import { ROLE_LABELS } from '../../../domain/auth/roles';
import { formatDateTime } from '../../../domain/format';
import { INVITATION_PATH, INVITATION_TTL_HOURS } from '../../../domain/team/team.schema';
import { appLink, EmailLayout, styles, type EmailContext } from './email-layout';
import type { InvitationData } from './template-data';

export const invitationSubject = (_data: InvitationData, agencyName: string) =>
  `Convite para a equipe de ${agencyName} no Milheiro`;

/** The `invitation` template (issue #20): the single-use link to join the agency's team. */
export function InvitationEmail({ data, ...context }: { data: InvitationData } & EmailContext) {
  const link = appLink(context.appUrl, `${INVITATION_PATH}/${data.token}`);
  const role = ROLE_LABELS[data.role];
  return (
    <EmailLayout
      {...context}
      preferences={false}
      preview={`Você foi convidado para a equipe de ${context.agencyName}`}
      title="Você foi convidado para a equipe"
      footer={`Você recebe este e-mail porque ${data.inviter_name ?? 'um administrador'} convidou este endereço para ${context.agencyName}. Se não esperava por ele, ignore-o: sem aceitar, nada é criado.`}
    >
      <Text style={styles.text}>
        {data.inviter_name ?? 'Um administrador'} convidou você para a equipe de {context.agencyName} no Milheiro, como{' '}
        {role}.
      </Text>
      <Text style={styles.text}>Para aceitar, abra o link abaixo e cadastre seu nome e sua senha:</Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <Button href={link} style={styles.button}>
          Aceitar o convite
        </Button>
      </Section>
      <Text style={styles.muted}>
        Ou copie este endereço no navegador:{' '}
        <Link href={link} style={styles.link}>
          {link}
        </Link>
      </Text>
      <Text style={styles.muted}>
        O link vale por {INVITATION_TTL_HOURS} horas (até {formatDateTime(data.expires_at)}) e pode ser usado uma única
        vez.
      </Text>
    </EmailLayout>
  );
}

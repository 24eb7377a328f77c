import { Button, Link, Section, Text } from '@react-email/components';
import { appLink, EmailLayout, styles, type EmailContext } from './email-layout';
import type { PasswordResetData } from './template-data';

export const passwordResetSubject = () => 'Redefinição de senha do Milheiro';

/** The `password_reset` template: the single-use link of "Esqueci minha senha". */
export function PasswordResetEmail({ data, ...context }: { data: PasswordResetData } & EmailContext) {
  const href = appLink(context.appUrl, data.link);
  return (
    <EmailLayout
      {...context}
      preview="Use o link para criar uma nova senha"
      title="Redefinir sua senha"
      footer="Você recebe este e-mail porque alguém pediu para redefinir a senha da sua conta no Milheiro. Se não foi você, ignore esta mensagem: sua senha continua a mesma."
    >
      <Text style={styles.text}>Olá, {data.user_name}.</Text>
      <Text style={styles.text}>
        Recebemos um pedido para redefinir a senha da sua conta. Clique no botão abaixo para criar uma nova senha. O
        link vale por {data.valid_minutes} minutos e só pode ser usado uma vez.
      </Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <Button href={href} style={styles.button}>
          Criar nova senha
        </Button>
      </Section>
      <Text style={styles.muted}>Se o botão não funcionar, copie e cole este endereço no navegador:</Text>
      <Text style={styles.muted}>
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
      <Text style={styles.muted}>Ao definir a nova senha, todas as sessões abertas da sua conta são encerradas.</Text>
    </EmailLayout>
  );
}

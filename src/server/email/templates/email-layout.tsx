import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
  type ContainerProps,
} from '@react-email/components';

/** What every template gets besides its data. */
export interface EmailContext {
  /** The agency's trade name, as its people know it. */
  agencyName: string;
  /** Where the app is served (no trailing slash needed): links are its paths joined to it. */
  appUrl: string;
}

/** An app path (/alertas?tipo=…) as an absolute link. */
export const appLink = (appUrl: string, path: string) => `${appUrl.replace(/\/+$/, '')}${path}`;

export const PREFERENCES_PATH = '/config?tab=notificacoes';

// Inline styles: many mail clients drop <style> blocks. System fonts, the app's neutral palette.
export const styles = {
  body: {
    backgroundColor: '#f4f4f5',
    fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    margin: 0,
    padding: '24px 0',
  },
  container: {
    backgroundColor: '#ffffff',
    border: '1px solid #e4e4e7',
    borderRadius: 8,
    margin: '0 auto',
    maxWidth: 560,
    padding: '24px 28px',
  },
  brand: { color: '#71717a', fontSize: 13, margin: '0 0 4px' },
  heading: { color: '#18181b', fontSize: 20, fontWeight: 600, margin: '0 0 16px' },
  text: { color: '#27272a', fontSize: 15, lineHeight: '22px', margin: '0 0 12px' },
  muted: { color: '#71717a', fontSize: 13, lineHeight: '20px', margin: '0 0 8px' },
  item: { borderLeft: '3px solid #d4d4d8', margin: '0 0 14px', padding: '2px 0 2px 12px' },
  itemTitle: { color: '#18181b', fontSize: 15, fontWeight: 600, margin: '0 0 2px' },
  link: { color: '#2563eb', textDecoration: 'underline' },
  button: {
    backgroundColor: '#18181b',
    borderRadius: 6,
    color: '#ffffff',
    display: 'inline-block',
    fontSize: 14,
    fontWeight: 600,
    padding: '10px 16px',
    textDecoration: 'none',
  },
  hr: { borderColor: '#e4e4e7', margin: '20px 0 12px' },
} as const;

export interface EmailLayoutProps extends EmailContext {
  /** The line mail clients show beside the subject. */
  preview: string;
  title: string;
  children: ContainerProps['children'];
  /** Why the reader gets this e-mail, under the rule. */
  footer: string;
  /** The link to the reader's notification preferences (false for someone who is not a user yet). */
  preferences?: boolean;
}

export function EmailLayout({
  agencyName,
  appUrl,
  preview,
  title,
  children,
  footer,
  preferences = true,
}: EmailLayoutProps) {
  return (
    <Html lang="pt-BR">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>Milheiro · {agencyName}</Text>
          <Heading as="h1" style={styles.heading}>
            {title}
          </Heading>
          {children}
          <Hr style={styles.hr} />
          <Section>
            <Text style={styles.muted}>{footer}</Text>
            {preferences ? (
              <Text style={styles.muted}>
                Preferências de notificação:{' '}
                <Link href={appLink(appUrl, PREFERENCES_PATH)} style={styles.link}>
                  Configurações → Notificações
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

import { Text } from '@react-email/components';
import { EmailLayout, styles, type EmailContext } from './email-layout';
import type { ProposalData } from './template-data';

export const proposalSubject = (data: ProposalData, agencyName: string) =>
  `Proposta de viagem ${data.route.split('-').join(' → ')} — ${agencyName}`;

/** The `proposal` template (issue #19 "Enviar Proposta"): the proposal's lines, its PDF attached. */
export function ProposalEmail({ data, ...context }: { data: ProposalData } & EmailContext) {
  const lines = data.text.split('\n');
  return (
    <EmailLayout
      {...context}
      preview={`Sua proposta de viagem ${data.route.split('-').join(' → ')}`}
      title={data.client_name ? `Olá, ${data.client_name}!` : 'Olá!'}
      footer={`Você recebe este e-mail porque pediu uma proposta a ${context.agencyName}. A proposta completa segue em PDF, anexa.`}
    >
      {lines.map((line, i) =>
        line === '' ? null : (
          // The lines are the proposal's own, in order; none repeats a key that changes.
          // oxlint-disable-next-line react/no-array-index-key
          <Text key={i} style={{ ...styles.text, margin: '0 0 6px' }}>
            {line}
          </Text>
        ),
      )}
    </EmailLayout>
  );
}

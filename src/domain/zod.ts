// The one zod every schema in src/domain imports, so that web and server alike answer in
// Portuguese wherever a schema names no message of its own. Precedence (zod 4): a check's own
// message, then its schema's, then `customError` below, then the pt-BR locale.
// https://zod.dev/error-customization#global-error-customization
import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  bigint: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  date: 'uma data',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Email inválido',
  uuid: 'Identificador inválido',
  guid: 'Identificador inválido',
  date: 'Data inválida (use aaaa-mm-dd)',
  datetime: 'Data e hora inválidas',
  url: 'Endereço inválido',
};

const plural = (n: number | bigint, one: string, many: string) => (Number(n) === 1 ? one : many);

/** Messages true to the fault for the issues a schema left without one. */
function portugueseIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return 'Campo obrigatório';
      const expected = TYPE_NAMES[issue.expected];
      return expected ? `Valor inválido: informe ${expected}` : 'Valor inválido';
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `Deve ter no máximo ${max} ${plural(max, 'caractere', 'caracteres')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `No máximo ${max} ${plural(max, 'item', 'itens')}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `Deve ser no máximo ${max}` : `Deve ser menor que ${max}`;
      }
      return 'Valor grande demais';
    }
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string') {
        return Number(min) <= 1 ? 'Campo obrigatório' : `Deve ter pelo menos ${min} caracteres`;
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Informe pelo menos ${min} ${plural(min, 'item', 'itens')}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `Deve ser no mínimo ${min}` : `Deve ser maior que ${min}`;
      }
      return 'Valor pequeno demais';
    }
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? 'Formato inválido';
    case 'invalid_value':
      return 'Opção inválida';
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'Valor inválido';
    case 'not_multiple_of':
      return 'Número inválido';
    case 'unrecognized_keys':
      return `${plural(issue.keys.length, 'Campo não reconhecido', 'Campos não reconhecidos')}: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

z.config({ ...z.locales.ptBR(), customError: portugueseIssueMessage });

export { z };

/**
 * Refuses the value inside a transform: `message` becomes its issue and the transform ends
 * (`return refuse(ctx, M.x)`). One function for every schema, not a closure per parsed value.
 */
export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/**
 * The messages the server answers with and the web shows alike (spec part 1 §8): one text each,
 * written once for both sides.
 */
export const COMMON_MESSAGES = {
  unauthorized: 'Acesso não autorizado.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Recurso não encontrado.',
  serverError: 'Erro interno do servidor.',
  validation: 'Dados inválidos.',
  timeout: 'Tempo limite excedido.',
} as const;

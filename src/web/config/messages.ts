/* Shared messages, spec part 1 §8. */
export const ERROR_MESSAGES = {
  network: 'Erro de conexão. Verifique sua internet.',
  unauthorized: 'Acesso não autorizado.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Recurso não encontrado.',
  serverError: 'Erro interno do servidor.',
  validation: 'Dados inválidos.',
  timeout: 'Tempo limite excedido.',
  unexpected: 'Ocorreu um erro inesperado.',
} as const;

export const SUCCESS_MESSAGES = {
  updated: 'Atualizado com sucesso!',
} as const;

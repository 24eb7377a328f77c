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
  created: 'Criado com sucesso!',
  updated: 'Atualizado com sucesso!',
  deleted: 'Excluído com sucesso!',
  imported: 'Importado com sucesso!',
  exported: 'Exportado com sucesso!',
  sent: 'Enviado com sucesso!',
} as const;

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Pagination } from '../pagination';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('Pagination', () => {
  it('says the exact total and page count', () => {
    const html = text(
      renderToStaticMarkup(
        <Pagination page={2} totalPages={3} total={45} pageSize={20} itemLabel="clientes" onPageChange={() => {}} />,
      ),
    );
    expect(html).toContain('Mostrando 21 a 40 de 45 clientes');
    expect(html).toContain('Página 2 de 3');
    expect(html).not.toContain('mais de');
  });

  it('says a capped total is a floor: "de mais de 1.000" and "de 50+"', () => {
    const html = text(
      renderToStaticMarkup(
        <Pagination
          page={1}
          totalPages={50}
          total={1000}
          totalCapped
          pageSize={20}
          itemLabel="clientes"
          onPageChange={() => {}}
        />,
      ),
    );
    expect(html).toContain('Mostrando 1 a 20 de mais de 1.000 clientes');
    expect(html).toContain('Página 1 de 50+');
  });
});

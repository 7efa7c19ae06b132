import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageParam } from '@/hooks/use-page-param';
import { renderWithProviders } from '@/test';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ListPage } from './list-page';

type TPage = { names: string[]; totalPage: number };

/** What the list's "server" answers next: a page, or a failure. */
type TAnswer = (page: number) => TPage | Error;

/** A list page as a feature writes one: a paged query, its words, its rows. */
function Fruits({ answer, asked }: { answer: TAnswer; asked: number[] }) {
  const [page, setPage] = usePageParam();
  const query = useQuery({
    queryKey: ['fruits', page],
    queryFn: async () => {
      asked.push(page);
      const result = answer(page);
      if (result instanceof Error) throw result;
      return result;
    },
    placeholderData: keepPreviousData,
  });
  return (
    <ListPage
      title="Fruit"
      subtitle="Every fruit in stock"
      actions={<Button>Add fruit</Button>}
      query={query}
      errorTitle="Fruit could not be loaded"
      isEmpty={(data) => data.names.length === 0}
      empty={<EmptyState title="No fruit yet" />}
      paging={{ page, onPageChange: setPage, totalPage: (data) => data.totalPage }}
    >
      {(data) => (
        <ul aria-label="Fruit">
          {data.names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}

const PAGES: Record<number, string[]> = { 1: ['Apple', 'Banana'], 2: ['Cherry'] };
const twoPages: TAnswer = (page) => ({ names: PAGES[page] ?? [], totalPage: 2 });

describe('ListPage', () => {
  it('heads the page with its title, subtitle and actions, says so while loading, then pages through the rows', async () => {
    const asked: number[] = [];
    const rendered = renderWithProviders(<Fruits answer={twoPages} asked={asked} />, { route: '/fruit' });
    expect(screen.getByRole('heading', { level: 1, name: 'Fruit' })).toBeInTheDocument();
    expect(screen.getByText('Every fruit in stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add fruit' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    const list = await screen.findByRole('list', { name: 'Fruit' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Apple', 'Banana']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 1 of 2');

    await rendered.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Fruit' })).toHaveTextContent('Cherry'));
    expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 2 of 2');
    expect(rendered.location()).toBe('/fruit?page=2');
    expect(asked).toEqual([1, 2]);
  });

  it('shows the empty state, and no pager, when there is nothing to list', async () => {
    renderWithProviders(<Fruits answer={() => ({ names: [], totalPage: 0 })} asked={[]} />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No fruit yet');
    expect(screen.queryByRole('list', { name: 'Fruit' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('pager-status')).not.toBeInTheDocument();
  });

  it('announces a failure and lists the rows once Try again succeeds', async () => {
    let failing = true;
    const asked: number[] = [];
    const rendered = renderWithProviders(
      <Fruits answer={(page) => (failing ? new Error('down') : twoPages(page))} asked={asked} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fruit could not be loaded');
    expect(screen.queryByRole('list', { name: 'Fruit' })).not.toBeInTheDocument();

    failing = false;
    await rendered.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Fruit' })).toHaveTextContent('AppleBanana');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toEqual([1, 1]);
  });
});

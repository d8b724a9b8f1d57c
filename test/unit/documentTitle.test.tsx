// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { titleFor } from '../../src/app/components/documentTitle';
import { useDocumentTitle } from '../../src/app/components/useDocumentTitle';

function Root() {
  useDocumentTitle();
  return <Outlet />;
}

function Renamed() {
  const [name, setName] = useState('Company information');
  return (
    <main>
      <h1>{name}</h1>
      <button type="button" onClick={() => setName('معلومات الشركة')}>rename</button>
      <Link to="/plain">plain</Link>
    </main>
  );
}

afterEach(cleanup);

describe('the document title follows the page heading', () => {
  it('names the page by its h1, follows a changed heading and a navigation, and falls back without one', async () => {
    const router = createMemoryRouter([{ element: <Root />, children: [
      { path: '/', element: <Renamed /> },
      { path: '/plain', element: <main><p>no heading</p></main> },
    ] }]);
    document.title = 'Quick Apply – Business Banking';
    const view = render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.title).toBe('Company information – Quick Apply'));
    act(() => view.getByText('rename').click());
    await waitFor(() => expect(document.title).toBe('معلومات الشركة – Quick Apply'));
    await act(() => router.navigate('/plain'));
    await waitFor(() => expect(document.title).toBe('Quick Apply – Business Banking'));
  });

  it('collapses the heading\'s white space', () => {
    expect(titleFor('  Stakeholder\n   details ', 'index')).toBe('Stakeholder details – Quick Apply');
    expect(titleFor('   ', 'index')).toBe('index');
  });
});

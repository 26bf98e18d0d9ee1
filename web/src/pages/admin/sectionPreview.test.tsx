// A draft section's page offers 'Preview as a learner' (the learner's section page with ?preview=1);
// a published section's does not.
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '../../api/session';
import { futureExp, installFetch, makeToken, Providers, Route, Routes } from '../../test/utils';
import { SectionAdminPage } from './AcademyAdmin';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const SECTION = { id: 4, title: 'Dealer hedging', description: 'Why dealers hedge.', lessonsCount: 0, order: 0, publishedAt: null, updatedAt: '2026-01-02T00:00:00Z' };

function show(status: 'DRAFT' | 'PUBLISHED') {
  setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' });
  installFetch({
    'GET admin/lms/sections/4': () => ({ body: { ...SECTION, status, publishedAt: status === 'PUBLISHED' ? '2026-01-03T00:00:00Z' : null } }),
    'GET admin/lms/lessons': () => ({ body: [] }),
  });
  render(
    <Providers initialEntries={['/admin/academy/4']}>
      <Routes>
        <Route path="/admin/academy/:sectionId" element={<SectionAdminPage />} />
      </Routes>
    </Providers>,
  );
}

it("a draft section links to its learner preview", { timeout: 30_000 }, async () => {
  show('DRAFT');
  const link = await screen.findByRole('link', { name: 'Preview as a learner' }, { timeout: 10_000 });
  expect(link).toHaveAttribute('href', '/academy/section/4?preview=1');
});

it('a published section has no preview link', { timeout: 30_000 }, async () => {
  show('PUBLISHED');
  // The page is drawn once its toolbar is there.
  expect(await screen.findByRole('link', { name: 'Edit section' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Preview as a learner' })).toBeNull();
});

// An admin previews a draft section as a learner would: the learner page asks for the sections with drafts
// and says it is a draft preview.
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '../../api/session';
import { futureExp, installFetch, makeToken, Providers, Route, Routes } from '../../test/utils';
import SectionPage from './SectionPage';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

it('?preview=1 lists drafts (includeDrafts) and marks the draft section', { timeout: 30_000 }, async () => {
  setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' });
  const DRAFT = { id: 5, title: 'Charm in practice', description: 'New.', order: 3, status: 'DRAFT', lessonsCount: 1, finishedLessons: 0, progress: 0, updatedAt: '2026-01-02T00:00:00Z', publishedAt: null };
  const { calls } = installFetch({
    'GET users/lms/sections': (c) => ({ body: new URL(c.url, 'http://x').searchParams.get('includeDrafts') === 'true' ? [DRAFT] : [] }),
    'GET users/lms/lessons': () => ({ body: [{ id: 51, sectionId: 5, title: 'Charm by the hour', content: 'x', order: 0, questionsCount: 0, totalScore: 0, isFinished: false, updatedAt: '2026-01-02T00:00:00Z' }] }),
  });
  render(
    <Providers initialEntries={['/academy/section/5?preview=1']}>
      <Routes>
        <Route path="/academy/section/:sectionId" element={<SectionPage />} />
      </Routes>
    </Providers>,
  );
  expect(await screen.findByTestId('draft-preview', {}, { timeout: 10_000 })).toHaveTextContent('Draft preview');
  expect(screen.getByRole('heading', { level: 1, name: 'Charm in practice' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '1. Charm by the hour' })).toHaveAttribute('href', '/academy/section/5/51?preview=1');
  expect(calls.some((c) => c.url.includes('users/lms/sections') && c.url.includes('includeDrafts=true'))).toBe(true);
});

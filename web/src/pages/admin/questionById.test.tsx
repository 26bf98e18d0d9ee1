// The question editor opens on the server's current copy of the question (GET admin/lms/questions/{id}),
// not on the list's older one.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '../../api/session';
import { futureExp, installFetch, makeToken, Providers, Route, Routes } from '../../test/utils';
import { LessonAdminPage } from './AcademyAdmin';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const LESSON = { id: 11, sectionId: 1, title: 'Who takes the other side', content: 'Text.', order: 0, questionsCount: 1, totalScore: 1, updatedAt: '2026-01-02T00:00:00Z' };
const LISTED = { id: 101, lessonId: 11, text: 'Why hedge?', explanation: '', points: 1, order: 0, answers: [{ id: 1, text: 'To stay neutral', isCorrect: true }, { id: 2, text: 'For fun', isCorrect: false }] };

it('Edit loads the question by id and fills the form with that copy', { timeout: 30_000 }, async () => {
  setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' });
  const { calls } = installFetch({
    'GET admin/lms/lessons/11': () => ({ body: LESSON }),
    'GET admin/lms/questions': () => ({ body: [LISTED] }),
    'GET admin/lms/questions/101': () => ({ body: { ...LISTED, text: 'Why do dealers hedge?' } }),
  });
  render(
    <Providers initialEntries={['/admin/academy/1/lesson/11']}>
      <Routes>
        <Route path="/admin/academy/:sectionId/lesson/:lessonId" element={<LessonAdminPage />} />
      </Routes>
    </Providers>,
  );
  expect(await screen.findByText('Why hedge?', {}, { timeout: 10_000 })).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Edit' }));
  expect(await screen.findByDisplayValue('Why do dealers hedge?', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'GET' && c.url.split('?')[0].endsWith('admin/lms/questions/101'))).toBe(true);
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/router';
import { clearTokens, setTokens } from '../../api/session';
import { installFetch, LocationProbe, Providers } from '../../test/utils';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const INFO = { title: 'Volland Academy', description: 'Learn how dealers hedge.', lastUpdated: '2026-01-02T00:00:00Z' };
const SECTIONS = [
  { id: 1, title: 'Dealer positioning basics', description: 'd', order: 0, status: 'PUBLISHED', lessonsCount: 2, finishedLessons: 1, progress: 50, updatedAt: '2026-01-02T00:00:00Z', publishedAt: null },
];
const LESSONS = [
  { id: 11, sectionId: 1, title: 'Who takes the other side', content: 'Text of the **lesson**.', order: 0, questionsCount: 1, totalScore: 2, isFinished: false, updatedAt: '2026-01-02T00:00:00Z' },
  { id: 12, sectionId: 1, title: 'Long or short', content: 'More.', order: 1, questionsCount: 0, totalScore: 0, isFinished: true, updatedAt: '2026-01-02T00:00:00Z' },
];
const QUESTION = { id: 101, lessonId: 11, text: 'Why hedge?', points: 2, order: 0, answers: [{ id: 1, text: 'To stay neutral' }, { id: 2, text: 'For fun' }] };

function renderAt(path: string, routes: Parameters<typeof installFetch>[0] = {}) {
  const fetch = installFetch({
    'GET lms/general-info': () => ({ body: INFO }),
    'GET site/config': () => ({ body: { links: {}, release: 'dev', sentryDsn: null, sentryEnvironment: 'test' } }),
    ...routes,
  });
  render(
    <Providers initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </Providers>,
  );
  return fetch;
}

describe('academy home', { timeout: 30_000 }, () => {
  it('a visitor sees the introduction and a log-in prompt; no learner call is made', async () => {
    const { calls } = renderAt('/academy');
    await screen.findByRole('heading', { level: 1, name: 'Volland Academy' }, { timeout: 10_000 });
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Learn how dealers hedge.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Log in to start learning' })).toHaveAttribute('href', '/sign-in?redirectUri=%2Facademy');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByText(/\d+ points?\b/)).toBeNull();
    await waitFor(() => expect(document.title).toBe('Academy · Volland'));
    expect(calls.some((c) => c.url.includes('users/lms'))).toBe(false);
  });

  it('a learner sees the published sections with progress and points', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    renderAt('/academy', {
      'GET users/lms/sections': () => ({ body: SECTIONS }),
      'GET users/lms/progress': () => ({ body: { lessonsProgress: [], userLmsPoints: 3 } }),
    });
    const item = await screen.findByTestId('academy-section', {}, { timeout: 10_000 });
    expect(within(item).getByRole('link', { name: '1. Dealer positioning basics' })).toHaveAttribute('href', '/academy/section/1');
    expect(within(item).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(await screen.findByTestId('academy-points', {}, { timeout: 10_000 })).toHaveTextContent('3 points');
    expect(screen.getAllByRole('link', { name: 'Go to Workspaces' }).length).toBeGreaterThan(0);
  });

  it('deeper academy pages need a login', async () => {
    renderAt('/academy/section/3');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in?redirectUri=%2Facademy%2Fsection%2F3'), { timeout: 10_000 });
  });
});

describe('learner quiz', { timeout: 30_000 }, () => {
  it('the review of an answered question is read by id: the server record marks the correct answer and explains it', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const { calls } = renderAt('/academy/section/1/11/quiz', {
      'GET users/lms/lessons/11/next-question': () => ({
        body: { question: QUESTION, position: 1, questionsCount: 1, answered: 0, correct: 0, userScore: 0, totalScore: 2, isFinished: false },
      }),
      'POST users/lms/questions/101/answers': () => ({ status: 201, body: { questionId: 101, answerId: 2, isCorrect: false, correctAnswerIds: [1], explanation: 'Short.', points: 0, lessonFinished: false, userLmsPoints: 0 } }),
      'GET users/lms/questions/101': () => ({
        body: { ...QUESTION, explanation: 'Dealers hedge to stay neutral to direction.', userAnswerId: 2, answers: [{ id: 1, text: 'To stay neutral', isCorrect: true }, { id: 2, text: 'For fun', isCorrect: false }] },
      }),
      'GET users/lms/progress': () => ({ body: { lessonsProgress: [], userLmsPoints: 0 } }),
      'GET users/lms/lessons': () => ({ body: LESSONS }),
      'GET users/lms/sections': () => ({ body: SECTIONS }),
    });
    expect(await screen.findByText('Why hedge?', {}, { timeout: 10_000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('For fun'));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(screen.getByTestId('quiz-explanation')).toHaveTextContent('Dealers hedge to stay neutral to direction.'), { timeout: 10_000 });
    expect(screen.getByTestId('location')).toHaveTextContent('?review=101');
    expect(screen.getByLabelText('To stay neutral').closest('label')).toHaveClass('is-correct');
    expect(screen.getByLabelText('For fun').closest('label')).toHaveClass('is-wrong');
    expect(calls.some((c) => c.method === 'GET' && c.url.split('?')[0].endsWith('users/lms/questions/101'))).toBe(true);
  });

  it('shows one question, sends the choice to the server and shows its verdict', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    let answered = false;
    const { calls } = renderAt('/academy/section/1/11/quiz', {
      'GET users/lms/lessons/11/next-question': () => ({
        body: answered
          ? { question: null, position: 1, questionsCount: 1, answered: 1, correct: 1, userScore: 2, totalScore: 2, isFinished: true }
          : { question: QUESTION, position: 1, questionsCount: 1, answered: 0, correct: 0, userScore: 0, totalScore: 2, isFinished: false },
      }),
      'POST users/lms/questions/101/answers': () => {
        answered = true;
        return { status: 201, body: { questionId: 101, answerId: 1, isCorrect: true, correctAnswerIds: [1], explanation: 'Neutral to direction.', points: 2, lessonFinished: true, userLmsPoints: 2 } };
      },
      'GET users/lms/progress': () => ({ body: { lessonsProgress: [], userLmsPoints: 2 } }),
      'GET users/lms/lessons': () => ({ body: LESSONS }),
      'GET users/lms/sections': () => ({ body: SECTIONS }),
    });
    expect(await screen.findByText('Why hedge?', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('quiz-position')).toHaveTextContent('Question 1 of 1');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('To stay neutral'));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    const feedback = await screen.findByTestId('quiz-feedback', {}, { timeout: 10_000 });
    expect(feedback).toHaveTextContent('Correct! +2 points');
    expect(feedback).toHaveTextContent('Neutral to direction.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ questionId: 101, answerId: 1 });
    await user.click(screen.getByRole('button', { name: 'See results' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/academy/section/1/11/results'), { timeout: 10_000 });
    expect(await screen.findByTestId('lesson-score', {}, { timeout: 10_000 })).toHaveTextContent('2 / 2 points · 1 of 1 correct');
  });
});

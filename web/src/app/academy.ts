import { queryOptions } from '@tanstack/react-query';
import { requestExpiring } from '../api/client';

export interface LmsProgress {
  lessonsProgress: { lessonId: string | number; isFinished: boolean; totalScore: number; userScore: number }[];
  userLmsPoints: number;
}

/** Learner progress (a user-LMS call: a 401 ends the session with the 'Token Expired' notice). */
export const lmsProgressQuery = () =>
  queryOptions({
    queryKey: ['users', 'lms', 'progress'] as const,
    queryFn: ({ signal }) => requestExpiring<LmsProgress>('users/lms/progress', { signal }),
    staleTime: 5 * 60_000,
  });

export function pointsLabel(points: number): string {
  return `${points} ${points === 1 ? 'point' : 'points'}`;
}

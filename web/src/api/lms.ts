// Academy calls (platform spec §7). Learner calls and admin calls both use `requestExpiring`: a 401
// on them ends the session with the 'Token Expired' notice (platform spec §4, §8).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { request, requestExpiring } from './client';
import type { components } from './schema';

type S = components['schemas'];
export type GeneralInfo = S['GeneralInfo'];
export type Section = S['Section'];
export type LearnerSection = S['LearnerSection'];
export type Lesson = S['Lesson'];
export type LearnerLesson = S['LearnerLesson'];
export type Question = S['Question'];
// The generated type widens a nullable nested object; the server sends a question or null.
export type NextQuestion = Omit<S['NextQuestion'], 'question'> & { question: Question | null };
export type AnswerResult = S['AnswerResult'];
export type LmsProgress = S['LmsProgress'];
export type QuestionCreate = S['QuestionCreate'];
export type QuestionUpdate = S['QuestionUpdate'];
export type AnswerInput = S['AnswerInput'];

export const lmsKeys = {
  all: ['lms'] as const,
  generalInfo: () => ['lms', 'general-info'] as const,
  progress: () => ['users', 'lms', 'progress'] as const,
  sections: (includeDrafts = false) => ['lms', 'sections', { includeDrafts }] as const,
  lessons: (sectionId: number) => ['lms', 'lessons', sectionId] as const,
  next: (lessonId: number) => ['lms', 'next-question', lessonId] as const,
  question: (questionId: number) => ['lms', 'question', questionId] as const,
  admin: {
    all: ['admin', 'lms'] as const,
    generalInfo: () => ['admin', 'lms', 'general-info'] as const,
    sections: () => ['admin', 'lms', 'sections'] as const,
    section: (id: number) => ['admin', 'lms', 'sections', id] as const,
    lessons: (sectionId: number) => ['admin', 'lms', 'lessons', { sectionId }] as const,
    lesson: (id: number) => ['admin', 'lms', 'lesson', id] as const,
    questions: (lessonId: number) => ['admin', 'lms', 'questions', { lessonId }] as const,
    question: (id: number) => ['admin', 'lms', 'question', id] as const,
  },
};

// ---------------------------------------------------------------- learner

export const generalInfoQuery = () =>
  queryOptions({
    queryKey: lmsKeys.generalInfo(),
    queryFn: ({ signal }) => request<GeneralInfo>('lms/general-info', { auth: 'none', signal }),
    staleTime: 5 * 60_000,
  });

export const progressQuery = () =>
  queryOptions({
    queryKey: lmsKeys.progress(),
    queryFn: ({ signal }) => requestExpiring<LmsProgress>('users/lms/progress', { signal }),
    staleTime: 60_000,
  });

export const sectionsQuery = (includeDrafts = false) =>
  queryOptions({
    queryKey: lmsKeys.sections(includeDrafts),
    queryFn: ({ signal }) =>
      requestExpiring<LearnerSection[]>('users/lms/sections', { signal, query: includeDrafts ? { includeDrafts: true } : undefined }),
  });

export const lessonsQuery = (sectionId: number) =>
  queryOptions({
    queryKey: lmsKeys.lessons(sectionId),
    queryFn: ({ signal }) => requestExpiring<LearnerLesson[]>('users/lms/lessons', { signal, query: { sectionId } }),
  });

export const nextQuestionQuery = (lessonId: number) =>
  queryOptions({
    queryKey: lmsKeys.next(lessonId),
    queryFn: ({ signal }) => requestExpiring<NextQuestion>(`users/lms/lessons/${lessonId}/next-question`, { signal }),
    staleTime: 0,
  });

export const questionQuery = (questionId: number) =>
  queryOptions({
    queryKey: lmsKeys.question(questionId),
    queryFn: ({ signal }) => requestExpiring<Question>(`users/lms/questions/${questionId}`, { signal }),
  });

export function submitAnswer(questionId: number, answerId: number): Promise<AnswerResult> {
  return requestExpiring<AnswerResult>(`users/lms/questions/${questionId}/answers`, {
    method: 'POST',
    body: { questionId, answerId },
  });
}

export function finishLesson(lessonId: number): Promise<LmsProgress> {
  return requestExpiring<LmsProgress>('users/lms/progress', { method: 'PUT', body: { lessonId, isFinished: true } });
}

/** After an answer or a finished lesson every learner view of progress is stale. */
export function invalidateLearner(qc: QueryClient): Promise<void> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ['users', 'lms'] }),
    qc.invalidateQueries({ queryKey: lmsKeys.all }),
  ]).then(() => undefined);
}

/** Share of a section's lessons that are finished, in percent (platform spec §3). */
export function sectionProgress(lessons: { isFinished: boolean }[]): number {
  if (lessons.length === 0) return 0;
  return Math.round((100 * lessons.filter((l) => l.isFinished).length) / lessons.length);
}

// ---------------------------------------------------------------- authoring

export const adminGeneralInfoQuery = () =>
  queryOptions({
    queryKey: lmsKeys.admin.generalInfo(),
    queryFn: ({ signal }) => requestExpiring<GeneralInfo>('admin/lms/general-info', { signal }),
  });

export const adminSectionsQuery = () =>
  queryOptions({
    queryKey: lmsKeys.admin.sections(),
    queryFn: ({ signal }) => requestExpiring<Section[]>('admin/lms/sections', { signal }),
  });

export const adminSectionQuery = (id: number) =>
  queryOptions({
    queryKey: lmsKeys.admin.section(id),
    queryFn: ({ signal }) => requestExpiring<Section>(`admin/lms/sections/${id}`, { signal }),
  });

export const adminLessonsQuery = (sectionId: number) =>
  queryOptions({
    queryKey: lmsKeys.admin.lessons(sectionId),
    queryFn: ({ signal }) => requestExpiring<Lesson[]>('admin/lms/lessons', { signal, query: { sectionId } }),
  });

export const adminLessonQuery = (id: number) =>
  queryOptions({
    queryKey: lmsKeys.admin.lesson(id),
    queryFn: ({ signal }) => requestExpiring<Lesson>(`admin/lms/lessons/${id}`, { signal }),
  });

export const adminQuestionsQuery = (lessonId: number) =>
  queryOptions({
    queryKey: lmsKeys.admin.questions(lessonId),
    queryFn: ({ signal }) => requestExpiring<Question[]>('admin/lms/questions', { signal, query: { lessonId } }),
  });

/** One question as the editor opens it: the server's current copy, answers and correct flags included. */
export const adminQuestionQuery = (id: number) =>
  queryOptions({
    queryKey: lmsKeys.admin.question(id),
    queryFn: ({ signal }) => requestExpiring<Question>(`admin/lms/questions/${id}`, { signal }),
    staleTime: 0,
  });

export const adminApi = {
  putGeneralInfo: (body: { title?: string; description?: string }) =>
    requestExpiring<GeneralInfo>('admin/lms/general-info', { method: 'PUT', body }),
  createSection: (body: { title: string; description?: string }) =>
    requestExpiring<Section>('admin/lms/sections', { method: 'POST', body }),
  putSection: (id: number, body: Partial<Section>) =>
    requestExpiring<Section>(`admin/lms/sections/${id}`, { method: 'PUT', body }),
  publish: () => requestExpiring<{ published: Section[] }>('admin/lms/sections/publish', { method: 'POST' }),
  createLesson: (body: { sectionId: number; title: string; content?: string }) =>
    requestExpiring<Lesson>('admin/lms/lessons', { method: 'POST', body }),
  putLesson: (id: number, body: { title?: string; content?: string; order?: number }) =>
    requestExpiring<Lesson>(`admin/lms/lessons/${id}`, { method: 'PUT', body }),
  deleteLesson: (id: number) => requestExpiring<void>(`admin/lms/lessons/${id}`, { method: 'DELETE' }),
  createQuestion: (body: QuestionCreate) => requestExpiring<Question>('admin/lms/questions', { method: 'POST', body }),
  putQuestion: (id: number, body: QuestionUpdate) =>
    requestExpiring<Question>(`admin/lms/questions/${id}`, { method: 'PUT', body }),
  deleteQuestion: (id: number) => requestExpiring<void>(`admin/lms/questions/${id}`, { method: 'DELETE' }),
};

/** Authoring changes make every cached academy view stale, the learner's included. */
export function invalidateAuthoring(qc: QueryClient): Promise<void> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: lmsKeys.admin.all }),
    qc.invalidateQueries({ queryKey: lmsKeys.all }),
  ]).then(() => undefined);
}

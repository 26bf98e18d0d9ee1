// /academy/section/{sectionId}/{lessonId}/quiz: one question at a time through next-question. The
// server checks each answer and keeps the score; the correct answer is only known after answering.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { invalidateLearner, lmsKeys, nextQuestionQuery, questionQuery, submitAnswer, type AnswerResult, type Question } from '../../api/lms';
import { Button } from '../../components/Button';
import { usePageTitle } from '../public/usePageTitle';
import { AcademyPage, numberParam, Points, QueryState } from './shared';

export default function QuizPage() {
  const params = useParams();
  const sectionId = numberParam(params.sectionId);
  const lessonId = numberParam(params.lessonId);
  usePageTitle('Quiz');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const next = useQuery(nextQuestionQuery(lessonId));
  const [choice, setChoice] = useState<number | null>(null);
  const [result, setResult] = useState<AnswerResult | null>(null);
  // The answered question stays on screen with its feedback while next-question already moved on.
  const [answered, setAnswered] = useState<{ question: Question; position: number } | null>(null);
  // The review of an answered question is the server's record of it (GET users/lms/questions/{id}): the
  // correct answer, the explanation and the learner's own answer, revealed once answered. The address names
  // the question under review (?review={id}) while its feedback is on screen.
  const [search, setSearch] = useSearchParams();
  const reviewId = Number(search.get('review')) || null;
  const review = useQuery({ ...questionQuery(reviewId ?? 0), enabled: reviewId !== null && result !== null });
  const answer = useMutation({
    mutationFn: (answerId: number) => submitAnswer(next.data!.question!.id, answerId),
    onSuccess: (r) => {
      setAnswered({ question: next.data!.question!, position: next.data!.position });
      setResult(r);
      setSearch({ review: String(r.questionId) }, { replace: true });
      void invalidateLearner(qc);
    },
  });
  const resultsPath = `/academy/section/${sectionId}/${lessonId}/results`;

  if (next.isError) return <QueryState error={next.error} what="quiz" />;
  if (!next.data) return <QueryState error={null} what="quiz" />;
  const data = next.data;
  // Shown while the feedback of the last answer is on screen, even though next-question moved on.
  if (!data.question && !result) return <Navigate to={resultsPath} replace />;
  const reviewed = result && review.data?.id === result.questionId ? review.data : null;
  const question = result && answered ? reviewed ?? answered.question : data.question;
  const correctIds = reviewed ? reviewed.answers.filter((a) => a.isCorrect).map((a) => a.id) : result?.correctAnswerIds ?? [];
  const explanation = reviewed?.explanation ?? result?.explanation;
  const position = result && answered ? answered.position : data.position;

  const onNext = async () => {
    setChoice(null);
    setResult(null);
    setAnswered(null);
    setSearch({}, { replace: true });
    answer.reset();
    if (result?.lessonFinished) {
      navigate(resultsPath);
      return;
    }
    await qc.invalidateQueries({ queryKey: lmsKeys.next(lessonId) });
  };

  return (
    <AcademyPage title="Quiz" eyebrow="Lesson quiz" back={{ to: `/academy/section/${sectionId}/${lessonId}`, label: 'Lesson' }}>
      {question && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (choice !== null && !result) answer.mutate(choice);
          }}
          aria-label="Quiz question"
        >
          <p className="muted" data-testid="quiz-position">
            Question {position} of {data.questionsCount}
          </p>
          <h2 className="academy-question">{question.text}</h2>
          <ul className="academy-answers">
            {question.answers.map((a) => {
              const state = result
                ? correctIds.includes(a.id)
                  ? ' is-correct'
                  : a.id === result.answerId
                    ? ' is-wrong'
                    : ''
                : '';
              return (
                <li key={a.id}>
                  <label className={`academy-answer${state}`}>
                    <input type="radio" name="answer" value={a.id} checked={choice === a.id} disabled={!!result} onChange={() => setChoice(a.id)} />
                    <span>{a.text}</span>
                  </label>
                </li>
              );
            })}
          </ul>
          {result ? (
            <div className="academy-feedback" role="status" data-testid="quiz-feedback">
              <strong>{result.isCorrect ? `Correct! +${result.points} ${result.points === 1 ? 'point' : 'points'}` : 'Not quite.'}</strong>
              {explanation && <p data-testid="quiz-explanation">{explanation}</p>}
              <Points points={result.userLmsPoints} />
            </div>
          ) : null}
          {answer.isError && <p className="form-error">{(answer.error as Error).message || 'The answer could not be sent.'}</p>}
          <div className="academy-actions">
            {result ? (
              <Button onClick={onNext}>{result.lessonFinished ? 'See results' : 'Next question'}</Button>
            ) : (
              <Button type="submit" disabled={choice === null} loading={answer.isPending}>
                Check answer
              </Button>
            )}
          </div>
        </form>
      )}
    </AcademyPage>
  );
}

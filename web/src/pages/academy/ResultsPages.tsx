// Result pages: a lesson's score, a section's scores, course completion and the overall result.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { lessonsQuery, nextQuestionQuery, progressQuery, sectionProgress, sectionsQuery } from '../../api/lms';
import { usePageTitle } from '../public/usePageTitle';
import { AcademyPage, numberParam, Points, ProgressBar, QueryState } from './shared';

function scoreMap(progress: { lessonId: number; userScore: number; totalScore: number }[] | undefined) {
  return new Map((progress ?? []).map((p) => [p.lessonId, p]));
}

export function LessonResultsPage() {
  const params = useParams();
  const sectionId = numberParam(params.sectionId);
  const lessonId = numberParam(params.lessonId);
  usePageTitle('Lesson results');
  const score = useQuery(nextQuestionQuery(lessonId));
  const lessons = useQuery(lessonsQuery(sectionId));
  const progress = useQuery(progressQuery());
  if (score.isError || lessons.isError) return <QueryState error={score.error ?? lessons.error} what="lesson" />;
  if (!score.data || !lessons.data) return <QueryState error={null} what="lesson" />;
  const list = lessons.data;
  const index = list.findIndex((l) => l.id === lessonId);
  const lesson = list[index];
  const following = list.slice(index + 1).find((l) => !l.isFinished) ?? list.find((l) => !l.isFinished && l.id !== lessonId);
  const s = score.data;
  return (
    <AcademyPage title={lesson ? `${lesson.title}: results` : 'Lesson results'} eyebrow="Lesson results" back={{ to: `/academy/section/${sectionId}`, label: 'Section' }}>
      {s.questionsCount > 0 ? (
        <p className="academy-score" data-testid="lesson-score">
          {s.userScore} / {s.totalScore} points · {s.correct} of {s.questionsCount} correct
        </p>
      ) : (
        <p className="academy-score">Lesson finished</p>
      )}
      {progress.data && <Points points={progress.data.userLmsPoints} />}
      <div className="academy-actions">
        {s.question && (
          <Link className="btn btn-primary" to={`/academy/section/${sectionId}/${lessonId}/quiz`}>
            Continue the quiz
          </Link>
        )}
        {following ? (
          <Link className="btn btn-primary" to={`/academy/section/${sectionId}/${following.id}`}>
            Next lesson: {following.title}
          </Link>
        ) : (
          <Link className="btn btn-primary" to={`/academy/section/${sectionId}/results`}>
            Section results
          </Link>
        )}
        <Link className="btn btn-secondary" to="/academy">
          Academy home
        </Link>
      </div>
    </AcademyPage>
  );
}

export function SectionResultsPage() {
  const sectionId = numberParam(useParams().sectionId);
  usePageTitle('Section results');
  const lessons = useQuery(lessonsQuery(sectionId));
  const sections = useQuery(sectionsQuery());
  const progress = useQuery(progressQuery());
  if (lessons.isError) return <QueryState error={lessons.error} what="section" />;
  if (!lessons.data || !sections.data) return <QueryState error={null} what="section" />;
  const scores = scoreMap(progress.data?.lessonsProgress);
  const list = lessons.data;
  const sectionIndex = sections.data.findIndex((x) => x.id === sectionId);
  const section = sections.data[sectionIndex];
  const nextSection = sections.data.slice(sectionIndex + 1).find((x) => x.progress < 100);
  const allDone = sections.data.every((x) => x.lessonsCount > 0 && x.finishedLessons === x.lessonsCount);
  const user = list.reduce((n, l) => n + (scores.get(l.id)?.userScore ?? 0), 0);
  const total = list.reduce((n, l) => n + l.totalScore, 0);
  return (
    <AcademyPage title={section ? `${section.title}: results` : 'Section results'} eyebrow="Section results" back={{ to: `/academy/section/${sectionId}`, label: 'Section' }}>
      <ProgressBar value={sectionProgress(list)} label="Section progress" />
      <p className="academy-score" data-testid="section-score">
        {user} / {total} points
      </p>
      <table className="academy-table">
        <thead>
          <tr>
            <th>Lesson</th>
            <th>Status</th>
            <th>Score</th>
          </tr>
        </thead>
        <tbody>
          {list.map((l) => (
            <tr key={l.id}>
              <td>
                <Link to={`/academy/section/${sectionId}/${l.id}`}>{l.title}</Link>
              </td>
              <td>{l.isFinished ? 'Finished' : 'Not finished'}</td>
              <td>
                {scores.get(l.id)?.userScore ?? 0} / {l.totalScore}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="academy-actions">
        {allDone ? (
          <Link className="btn btn-primary" to="/academy/complete">
            Course complete
          </Link>
        ) : nextSection ? (
          <Link className="btn btn-primary" to={`/academy/section/${nextSection.id}`}>
            Next section: {nextSection.title}
          </Link>
        ) : null}
        <Link className="btn btn-secondary" to="/academy">
          Academy home
        </Link>
      </div>
    </AcademyPage>
  );
}

export function CompletePage() {
  usePageTitle('Course complete');
  const sections = useQuery(sectionsQuery());
  const progress = useQuery(progressQuery());
  if (!sections.data || !progress.data) return <QueryState error={sections.error ?? progress.error} what="course" />;
  const done = sections.data.length > 0 && sections.data.every((x) => x.lessonsCount > 0 && x.finishedLessons === x.lessonsCount);
  return (
    <AcademyPage title={done ? 'Congratulations, you finished the course!' : 'Not finished yet'} eyebrow="Academy" back={{ to: '/academy', label: 'Academy' }}>
      <p>
        {done
          ? 'You worked through every section of the academy. Keep your points as a record, and come back when new sections are published.'
          : 'Some lessons are still open. Finish every section to complete the course.'}
      </p>
      <Points points={progress.data.userLmsPoints} />
      <div className="academy-actions">
        <Link className="btn btn-primary" to="/academy/result">
          Overall result
        </Link>
      </div>
    </AcademyPage>
  );
}

export function OverallResultPage() {
  usePageTitle('Academy result');
  const sections = useQuery(sectionsQuery());
  const progress = useQuery(progressQuery());
  if (!sections.data || !progress.data) return <QueryState error={sections.error ?? progress.error} what="result" />;
  const finished = progress.data.lessonsProgress.filter((p) => p.isFinished);
  const user = progress.data.lessonsProgress.reduce((n, p) => n + p.userScore, 0);
  const bySection = new Map<number, number>();
  for (const p of progress.data.lessonsProgress) bySection.set(p.sectionId, (bySection.get(p.sectionId) ?? 0) + p.userScore);
  return (
    <AcademyPage title="Your academy result" eyebrow="Academy" back={{ to: '/academy', label: 'Academy' }}>
      <Points points={progress.data.userLmsPoints} />
      <p className="academy-score" data-testid="overall-score">
        {finished.length} {finished.length === 1 ? 'lesson' : 'lessons'} finished · {user} points from quizzes
      </p>
      <table className="academy-table">
        <thead>
          <tr>
            <th>Section</th>
            <th>Progress</th>
            <th>Points</th>
          </tr>
        </thead>
        <tbody>
          {sections.data.map((s) => (
            <tr key={s.id}>
              <td>
                <Link to={`/academy/section/${s.id}`}>{s.title}</Link>
              </td>
              <td>
                <ProgressBar value={s.progress} label={`Progress of ${s.title}`} />
              </td>
              <td>{bySection.get(s.id) ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AcademyPage>
  );
}

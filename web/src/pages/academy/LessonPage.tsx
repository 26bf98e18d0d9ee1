// /academy/section/{sectionId}/{lessonId}: the lesson text, then its quiz (or, for a lesson without
// questions, a button that marks it finished).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { finishLesson, invalidateLearner, lessonsQuery } from '../../api/lms';
import { Button } from '../../components/Button';
import { Markdown } from '../public/Markdown';
import { usePageTitle } from '../public/usePageTitle';
import { AcademyPage, numberParam, QueryState } from './shared';

export default function LessonPage() {
  const params = useParams();
  const sectionId = numberParam(params.sectionId);
  const lessonId = numberParam(params.lessonId);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const lessons = useQuery(lessonsQuery(sectionId));
  const lesson = lessons.data?.find((l) => l.id === lessonId);
  usePageTitle(lesson ? lesson.title : 'Academy');
  const finish = useMutation({
    mutationFn: () => finishLesson(lessonId),
    onSuccess: async () => {
      await invalidateLearner(qc);
      navigate(`/academy/section/${sectionId}/${lessonId}/results`);
    },
  });
  if (lessons.isError) return <QueryState error={lessons.error} what="lesson" />;
  if (!lessons.data) return <QueryState error={null} what="lesson" />;
  if (!lesson) return <QueryState error={null} missing what="lesson" />;
  return (
    <AcademyPage title={lesson.title} eyebrow="Lesson" back={{ to: `/academy/section/${sectionId}`, label: 'Section' }}>
      <div className="academy-lesson">
        <Markdown source={lesson.content} />
      </div>
      <div className="academy-actions">
        {lesson.isFinished ? (
          <Link className="btn btn-primary" to={`/academy/section/${sectionId}/${lessonId}/results`}>
            See your results
          </Link>
        ) : lesson.questionsCount > 0 ? (
          <Link className="btn btn-primary" to={`/academy/section/${sectionId}/${lessonId}/quiz`}>
            Take the quiz ({lesson.questionsCount} {lesson.questionsCount === 1 ? 'question' : 'questions'})
          </Link>
        ) : (
          <Button loading={finish.isPending} onClick={() => finish.mutate()}>
            Mark as finished
          </Button>
        )}
      </div>
      {finish.isError && <p className="form-error">The lesson could not be marked as finished. Please try again.</p>}
    </AcademyPage>
  );
}

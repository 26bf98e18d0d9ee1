// /academy/section/{sectionId}: the section's lessons in order, each finished or not, and progress.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { lessonsQuery, sectionProgress, sectionsQuery } from '../../api/lms';
import { usePageTitle } from '../public/usePageTitle';
import { AcademyPage, numberParam, ProgressBar, QueryState } from './shared';

export default function SectionPage() {
  const sectionId = numberParam(useParams().sectionId);
  // An admin previews a draft section as a learner would (?preview=1: the sections list with drafts, which
  // the server gives admins only); a draft says so above its lessons.
  const preview = useSearchParams()[0].get('preview') === '1';
  const sections = useQuery(sectionsQuery(preview));
  const lessons = useQuery(lessonsQuery(sectionId));
  const section = sections.data?.find((s) => s.id === sectionId);
  usePageTitle(section ? section.title : 'Academy');
  if (lessons.isError) return <QueryState error={lessons.error} what="section" />;
  if (!lessons.data || sections.isPending) return <QueryState error={null} what="section" />;
  const list = lessons.data;
  const pct = sectionProgress(list);
  const next = list.find((l) => !l.isFinished);
  return (
    <AcademyPage title={section?.title ?? 'Section'} eyebrow="Section" back={{ to: '/academy', label: 'Academy' }}>
      {section?.status === 'DRAFT' && (
        <p className="academy-draft-banner" role="status" data-testid="draft-preview">
          Draft preview: learners do not see this section until it is published.
        </p>
      )}
      {section?.description && <p className="muted">{section.description}</p>}
      <ProgressBar value={pct} label="Section progress" />
      <ol className="academy-list" aria-label="Lessons">
        {list.map((lesson, index) => (
          <li key={lesson.id} className="academy-item" data-testid="academy-lesson">
            <h2>
              <Link to={`/academy/section/${sectionId}/${lesson.id}${preview ? '?preview=1' : ''}`}>
                {index + 1}. {lesson.title}
              </Link>
            </h2>
            <div className="academy-item__meta">
              <span className="academy-status">{lesson.isFinished ? 'Finished' : 'Not finished'}</span>
              <span className="muted">
                {lesson.questionsCount} {lesson.questionsCount === 1 ? 'question' : 'questions'}
              </span>
            </div>
          </li>
        ))}
      </ol>
      <div className="academy-actions">
        {next ? (
          <Link className="btn btn-primary" to={`/academy/section/${sectionId}/${next.id}`}>
            {pct === 0 ? 'Start the section' : 'Continue'}
          </Link>
        ) : (
          <Link className="btn btn-primary" to={`/academy/section/${sectionId}/results`}>
            Section results
          </Link>
        )}
      </div>
    </AcademyPage>
  );
}

// Academy authoring (platform spec §2, §4): setup (sections), general info, section and lesson forms,
// the lesson's questions and answers, and the archive, restore, delete-lesson and publish dialogs.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import {
  adminApi,
  adminGeneralInfoQuery,
  adminLessonQuery,
  adminLessonsQuery,
  adminQuestionQuery,
  adminQuestionsQuery,
  adminSectionQuery,
  adminSectionsQuery,
  invalidateAuthoring,
  lmsKeys,
  type AnswerInput,
  type Question,
  type Section,
} from '../../api/lms';
import { ApiRequestError } from '../../api/client';
import { useNotify } from '../../lib/notifications';
import { Button } from '../../components/Button';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageSpinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { usePageTitle } from '../public/usePageTitle';
import { hasDraft } from './AdminLayout';

function idParam(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : -1;
}

function message(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : 'Something went wrong. Please try again.';
}

/** 'Closing goes back': to the previous entry when there is one in this app, else to `fallback`. */
function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0 || (location.state as { backgroundLocation?: unknown } | null)?.backgroundLocation) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}

function StatusBadge({ status }: { status: string }) {
  return <span className={`academy-status academy-status--${status}`}>{status}</span>;
}

// ---------------------------------------------------------------- setup: sections

export function AcademySetupPage() {
  usePageTitle('Academy authoring');
  const qc = useQueryClient();
  const location = useLocation();
  const sections = useQuery(adminSectionsQuery());
  const info = useQuery(adminGeneralInfoQuery());
  const move = useMutation({
    mutationFn: ({ id, order }: { id: number; order: number }) => adminApi.putSection(id, { order }),
    onSuccess: () => invalidateAuthoring(qc),
  });
  if (sections.isPending) return <PageSpinner />;
  if (sections.isError) return <p className="form-error">{message(sections.error)}</p>;
  const list = sections.data;
  return (
    <>
      <h1>Academy</h1>
      <section className="admin-card" aria-labelledby="academy-general">
        <h2 id="academy-general">General info</h2>
        <p>
          <strong>{info.data?.title}</strong>
        </p>
        <p className="muted">{info.data?.description?.slice(0, 240)}</p>
        <Link className="btn btn-secondary btn-small" to="/admin/academy/general">
          Edit general info
        </Link>
      </section>
      <section className="admin-card" aria-labelledby="academy-sections">
        <div className="admin-toolbar">
          <h2 id="academy-sections" style={{ margin: 0, flex: 1 }}>
            Sections
          </h2>
          <Link className="btn btn-primary btn-small" to="/admin/academy/new">
            New section
          </Link>
        </div>
        {!hasDraft(list) && <p className="muted">No section is a draft: there is nothing to publish.</p>}
        <table className="academy-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Title</th>
              <th>Status</th>
              <th>Lessons</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((s, index) => (
              <tr key={s.id} data-testid="admin-section-row">
                <td>{index + 1}</td>
                <td>
                  <Link to={`/admin/academy/${s.id}`}>{s.title}</Link>
                </td>
                <td>
                  <StatusBadge status={s.status} />
                </td>
                <td>{s.lessonsCount}</td>
                <td className="admin-answer-row">
                  <Button size="small" variant="ghost" aria-label={`Move ${s.title} up`} disabled={index === 0 || move.isPending} onClick={() => move.mutate({ id: s.id, order: index - 1 })}>
                    ↑
                  </Button>
                  <Button size="small" variant="ghost" aria-label={`Move ${s.title} down`} disabled={index === list.length - 1 || move.isPending} onClick={() => move.mutate({ id: s.id, order: index + 1 })}>
                    ↓
                  </Button>
                  <Link className="btn btn-link btn-small" to={`/admin/academy/${s.id}/edit`}>
                    Edit
                  </Link>
                  {s.status === 'ARCHIVED' ? (
                    <Link className="btn btn-link btn-small" to={`/admin/academy/${s.id}/restore`} state={{ backgroundLocation: location }}>
                      Restore to Draft
                    </Link>
                  ) : (
                    <Link className="btn btn-link btn-small" to={`/admin/academy/${s.id}/archive`} state={{ backgroundLocation: location }}>
                      Archive
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Outlet />
    </>
  );
}

export function GeneralInfoPage() {
  usePageTitle('Academy general info');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const info = useQuery(adminGeneralInfoQuery());
  const [values, setValues] = useState({ title: '', description: '' });
  useEffect(() => {
    if (info.data) setValues({ title: info.data.title, description: info.data.description });
  }, [info.data]);
  const save = useMutation({
    mutationFn: () => adminApi.putGeneralInfo(values),
    onSuccess: async () => {
      await invalidateAuthoring(qc);
      navigate('/admin/academy');
    },
  });
  if (info.isPending) return <PageSpinner />;
  return (
    <>
      <Link to="/admin/academy">← Academy</Link>
      <h1>General info</h1>
      <form className="admin-form" onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
        <TextField label="Title" value={values.title} maxLength={200} required onChange={(e) => setValues({ ...values, title: e.target.value })} />
        <label className="field">
          <span className="field-label">Introduction (Markdown)</span>
          <textarea value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />
        </label>
        {save.isError && <p className="form-error">{message(save.error)}</p>}
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </form>
    </>
  );
}

export function SectionFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const sectionId = idParam(useParams().sectionId);
  usePageTitle(mode === 'new' ? 'New section' : 'Edit section');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const section = useQuery({ ...adminSectionQuery(sectionId), enabled: mode === 'edit' });
  const [values, setValues] = useState({ title: '', description: '' });
  useEffect(() => {
    if (section.data) setValues({ title: section.data.title, description: section.data.description });
  }, [section.data]);
  const save = useMutation({
    mutationFn: () => (mode === 'new' ? adminApi.createSection(values) : adminApi.putSection(sectionId, values)),
    onSuccess: async (saved: Section) => {
      await invalidateAuthoring(qc);
      navigate(`/admin/academy/${saved.id}`);
    },
  });
  if (mode === 'edit' && section.isPending) return <PageSpinner />;
  return (
    <>
      <Link to={mode === 'edit' ? `/admin/academy/${sectionId}` : '/admin/academy'}>← Back</Link>
      <h1>{mode === 'new' ? 'New section' : 'Edit section'}</h1>
      <form className="admin-form" onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
        <TextField label="Title" name="title" value={values.title} maxLength={200} required onChange={(e) => setValues({ ...values, title: e.target.value })} />
        <label className="field">
          <span className="field-label">Description</span>
          <textarea name="description" value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />
        </label>
        {mode === 'new' && <p className="muted">A new section is a DRAFT: learners see it once it is published with 'Publish All'.</p>}
        {save.isError && <p className="form-error">{message(save.error)}</p>}
        <Button type="submit" loading={save.isPending} disabled={!values.title.trim()}>
          {mode === 'new' ? 'Create section' : 'Save'}
        </Button>
      </form>
    </>
  );
}

// ---------------------------------------------------------------- one section: lessons

export function SectionAdminPage() {
  const sectionId = idParam(useParams().sectionId);
  const location = useLocation();
  const qc = useQueryClient();
  const section = useQuery(adminSectionQuery(sectionId));
  const lessons = useQuery(adminLessonsQuery(sectionId));
  usePageTitle(section.data ? section.data.title : 'Section');
  const move = useMutation({
    mutationFn: ({ id, order }: { id: number; order: number }) => adminApi.putLesson(id, { order }),
    onSuccess: () => invalidateAuthoring(qc),
  });
  if (section.isError) return <p className="form-error">{message(section.error)}</p>;
  if (!section.data || !lessons.data) return <PageSpinner />;
  const s = section.data;
  return (
    <>
      <Link to="/admin/academy">← Academy</Link>
      <h1>
        {s.title} <StatusBadge status={s.status} />
      </h1>
      <p className="muted">{s.description}</p>
      <div className="admin-toolbar">
        {s.status === 'DRAFT' ? (
          <Link className="btn btn-secondary btn-small" to={`/academy/section/${s.id}?preview=1`}>
            Preview as a learner
          </Link>
        ) : null}
        <Link className="btn btn-secondary btn-small" to={`/admin/academy/${s.id}/edit`}>
          Edit section
        </Link>
        {s.status === 'ARCHIVED' ? (
          <Link className="btn btn-secondary btn-small" to={`/admin/academy/${s.id}/restore`} state={{ backgroundLocation: location }}>
            Restore to Draft
          </Link>
        ) : (
          <Link className="btn btn-secondary btn-small" to={`/admin/academy/${s.id}/archive`} state={{ backgroundLocation: location }}>
            Archive
          </Link>
        )}
        <Link className="btn btn-primary btn-small" to={`/admin/academy/${s.id}/lesson/new`}>
          New lesson
        </Link>
      </div>
      <table className="academy-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Lesson</th>
            <th>Questions</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {lessons.data.map((l, index) => (
            <tr key={l.id}>
              <td>{index + 1}</td>
              <td>
                <Link to={`/admin/academy/${s.id}/lesson/${l.id}`}>{l.title}</Link>
              </td>
              <td>{l.questionsCount}</td>
              <td className="admin-answer-row">
                <Button size="small" variant="ghost" aria-label={`Move ${l.title} up`} disabled={index === 0 || move.isPending} onClick={() => move.mutate({ id: l.id, order: index - 1 })}>
                  ↑
                </Button>
                <Button size="small" variant="ghost" aria-label={`Move ${l.title} down`} disabled={index === lessons.data.length - 1 || move.isPending} onClick={() => move.mutate({ id: l.id, order: index + 1 })}>
                  ↓
                </Button>
                <Link className="btn btn-link btn-small" to={`/admin/academy/${s.id}/lesson/${l.id}/edit`}>
                  Edit
                </Link>
                <Link className="btn btn-link btn-small" to={`/admin/academy/${s.id}/lesson/${l.id}/delete`} state={{ backgroundLocation: location }}>
                  Delete
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Outlet />
    </>
  );
}

export function LessonFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const params = useParams();
  const sectionId = idParam(params.sectionId);
  const lessonId = idParam(params.lessonId);
  usePageTitle(mode === 'new' ? 'New lesson' : 'Edit lesson');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const lesson = useQuery({ ...adminLessonQuery(lessonId), enabled: mode === 'edit' });
  const [values, setValues] = useState({ title: '', content: '' });
  useEffect(() => {
    if (lesson.data) setValues({ title: lesson.data.title, content: lesson.data.content });
  }, [lesson.data]);
  const save = useMutation({
    mutationFn: () => (mode === 'new' ? adminApi.createLesson({ sectionId, ...values }) : adminApi.putLesson(lessonId, values)),
    onSuccess: async (saved) => {
      await invalidateAuthoring(qc);
      navigate(`/admin/academy/${sectionId}/lesson/${saved.id}`);
    },
  });
  if (mode === 'edit' && lesson.isPending) return <PageSpinner />;
  return (
    <>
      <Link to={`/admin/academy/${sectionId}`}>← Section</Link>
      <h1>{mode === 'new' ? 'New lesson' : 'Edit lesson'}</h1>
      <form className="admin-form" onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
        <TextField label="Title" name="title" value={values.title} maxLength={200} required onChange={(e) => setValues({ ...values, title: e.target.value })} />
        <label className="field">
          <span className="field-label">Content (Markdown: paragraphs, lists, **bold**)</span>
          <textarea name="content" value={values.content} onChange={(e) => setValues({ ...values, content: e.target.value })} />
        </label>
        {save.isError && <p className="form-error">{message(save.error)}</p>}
        <Button type="submit" loading={save.isPending} disabled={!values.title.trim()}>
          {mode === 'new' ? 'Create lesson' : 'Save'}
        </Button>
      </form>
    </>
  );
}

// ---------------------------------------------------------------- one lesson: questions and answers

interface QuestionDraft {
  text: string;
  explanation: string;
  points: number;
  answers: AnswerInput[];
}

const EMPTY_QUESTION: QuestionDraft = {
  text: '',
  explanation: '',
  points: 1,
  answers: [
    { id: null, text: '', isCorrect: true },
    { id: null, text: '', isCorrect: false },
  ],
};

function QuestionEditor({ initial, onSave, onCancel, saving, error }: { initial: QuestionDraft; onSave: (q: QuestionDraft) => void; onCancel: () => void; saving: boolean; error: unknown }) {
  const [q, setQ] = useState<QuestionDraft>(initial);
  const setAnswer = (i: number, patch: Partial<AnswerInput>) =>
    setQ({ ...q, answers: q.answers.map((a, j) => (j === i ? { ...a, ...patch } : patch.isCorrect ? { ...a, isCorrect: false } : a)) });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSave(q);
  };
  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} aria-label="Question">
      <TextField label="Question" name="question" value={q.text} required maxLength={2000} onChange={(e) => setQ({ ...q, text: e.target.value })} />
      <fieldset className="field">
        <legend className="field-label">Answers (mark the correct one)</legend>
        {q.answers.map((a, i) => (
          <div key={i} className="admin-answer-row">
            <input type="radio" name="correct" aria-label={`Answer ${i + 1} is correct`} checked={!!a.isCorrect} onChange={() => setAnswer(i, { isCorrect: true })} />
            <input className="field-input" type="text" aria-label={`Answer ${i + 1}`} value={a.text} maxLength={1000} onChange={(e) => setAnswer(i, { text: e.target.value })} />
            <Button size="small" variant="ghost" disabled={q.answers.length <= 2} onClick={() => setQ({ ...q, answers: q.answers.filter((_, j) => j !== i) })}>
              Remove
            </Button>
          </div>
        ))}
        <Button size="small" variant="secondary" disabled={q.answers.length >= 8} onClick={() => setQ({ ...q, answers: [...q.answers, { id: null, text: '', isCorrect: false }] })}>
          Add answer
        </Button>
      </fieldset>
      <TextField label="Explanation (shown after answering)" name="explanation" value={q.explanation} onChange={(e) => setQ({ ...q, explanation: e.target.value })} />
      <TextField label="Points" name="points" type="number" min={0} max={100} value={q.points} onChange={(e) => setQ({ ...q, points: Number(e.target.value) })} />
      {error ? <p className="form-error">{message(error)}</p> : null}
      <div className="admin-answer-row">
        <Button type="submit" loading={saving} disabled={!q.text.trim() || q.answers.some((a) => !a.text.trim())}>
          Save question
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The editor of one question opens on the server's current copy (GET admin/lms/questions/{id}), so an
 * edit made elsewhere since the list loaded is not overwritten with the list's older text. */
function StoredQuestionEditor({ id, onSave, onCancel, saving, error }: { id: number; onSave: (q: QuestionDraft) => void; onCancel: () => void; saving: boolean; error: unknown }) {
  const stored = useQuery(adminQuestionQuery(id));
  if (stored.isError) return <p className="form-error">{message(stored.error)}</p>;
  if (!stored.data) return <PageSpinner />;
  return <QuestionEditor initial={toDraft(stored.data)} onSave={onSave} onCancel={onCancel} saving={saving} error={error} />;
}

function toDraft(q: Question): QuestionDraft {
  return { text: q.text, explanation: q.explanation ?? '', points: q.points, answers: q.answers.map((a) => ({ id: a.id, text: a.text, isCorrect: !!a.isCorrect })) };
}

export function LessonAdminPage() {
  const params = useParams();
  const sectionId = idParam(params.sectionId);
  const lessonId = idParam(params.lessonId);
  const location = useLocation();
  const qc = useQueryClient();
  const lesson = useQuery(adminLessonQuery(lessonId));
  const questions = useQuery(adminQuestionsQuery(lessonId));
  usePageTitle(lesson.data ? lesson.data.title : 'Lesson');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const save = useMutation({
    mutationFn: (q: QuestionDraft) =>
      editing === 'new' ? adminApi.createQuestion({ lessonId, ...q }) : adminApi.putQuestion(editing as number, q),
    onSuccess: async () => {
      setEditing(null);
      await invalidateAuthoring(qc);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminApi.deleteQuestion(id),
    onSuccess: () => invalidateAuthoring(qc),
  });
  if (lesson.isError) return <p className="form-error">{message(lesson.error)}</p>;
  if (!lesson.data || !questions.data) return <PageSpinner />;
  return (
    <>
      <Link to={`/admin/academy/${sectionId}`}>← Section</Link>
      <h1>{lesson.data.title}</h1>
      <div className="admin-toolbar">
        <Link className="btn btn-secondary btn-small" to={`/admin/academy/${sectionId}/lesson/${lessonId}/edit`}>
          Edit lesson
        </Link>
        <Link className="btn btn-danger btn-small" to={`/admin/academy/${sectionId}/lesson/${lessonId}/delete`} state={{ backgroundLocation: location }}>
          Delete lesson
        </Link>
      </div>
      <details className="admin-card">
        <summary>Lesson text</summary>
        <pre style={{ whiteSpace: 'pre-wrap' }}>{lesson.data.content}</pre>
      </details>
      <h2>Questions</h2>
      <ol className="academy-list">
        {questions.data.map((q) =>
          editing === q.id ? (
            <li key={q.id}>
              <StoredQuestionEditor id={q.id} onSave={(d) => save.mutate(d)} onCancel={() => setEditing(null)} saving={save.isPending} error={save.error} />
            </li>
          ) : (
            <li key={q.id} className="academy-item">
              <strong>{q.text}</strong>
              <ul>
                {q.answers.map((a) => (
                  <li key={a.id}>
                    {a.text} {a.isCorrect ? '✓ (correct)' : ''}
                  </li>
                ))}
              </ul>
              <span className="muted">
                {q.points} {q.points === 1 ? 'point' : 'points'}
              </span>
              <div className="admin-answer-row">
                <Button size="small" variant="secondary" onClick={() => { save.reset(); setEditing(q.id); }}>
                  Edit
                </Button>
                <Button size="small" variant="danger" loading={remove.isPending && remove.variables === q.id} onClick={() => remove.mutate(q.id)}>
                  Delete
                </Button>
              </div>
            </li>
          ),
        )}
      </ol>
      {editing === 'new' ? (
        <QuestionEditor initial={EMPTY_QUESTION} onSave={(d) => save.mutate(d)} onCancel={() => setEditing(null)} saving={save.isPending} error={save.error} />
      ) : (
        <Button onClick={() => { save.reset(); setEditing('new'); }}>Add question</Button>
      )}
      <Outlet />
    </>
  );
}

// ---------------------------------------------------------------- dialogs

export function ArchiveSectionDialog() {
  const sectionId = idParam(useParams().sectionId);
  const qc = useQueryClient();
  const close = useGoBack(`/admin/academy/${sectionId}`);
  const section = useQuery(adminSectionQuery(sectionId));
  const archive = useMutation({
    mutationFn: () => adminApi.putSection(sectionId, { ...section.data!, status: 'ARCHIVED' }),
    onSuccess: async () => {
      await invalidateAuthoring(qc);
      close();
    },
  });
  return (
    <ConfirmModal
      title="Archive section"
      content={
        <>
          <p>Learners will no longer see “{section.data?.title ?? 'this section'}”. You can restore it to draft later.</p>
          {archive.isError && <p className="form-error">{message(archive.error)}</p>}
        </>
      }
      confirmLabel="Archive"
      destructive
      loading={archive.isPending || section.isPending}
      onConfirm={() => section.data && archive.mutate()}
      onCancel={close}
    />
  );
}

/** 'Restore to Draft' (platform spec §2, §4): the whole fetched section is resent with status DRAFT;
 * on success the admin sections and the section's lessons are refreshed and the section page opens. */
export function RestoreSectionDialog() {
  const sectionId = idParam(useParams().sectionId);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const close = useGoBack(`/admin/academy/${sectionId}`);
  const section = useQuery(adminSectionQuery(sectionId));
  const restore = useMutation({
    mutationFn: () => adminApi.putSection(sectionId, { ...section.data!, status: 'DRAFT' }),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: lmsKeys.admin.sections() }),
        qc.invalidateQueries({ queryKey: lmsKeys.admin.lessons(sectionId) }),
      ]);
      navigate(`/admin/academy/${sectionId}`, { replace: true });
    },
  });
  return (
    <ConfirmModal
      title="Restore to Draft"
      content={
        <>
          <p>“{section.data?.title ?? 'This section'}” becomes a draft again. Publish it with 'Publish All' to show it to learners.</p>
          {restore.isError && <p className="form-error">{message(restore.error)}</p>}
        </>
      }
      confirmLabel="Restore"
      loading={restore.isPending || section.isPending}
      onConfirm={() => section.data && restore.mutate()}
      onCancel={close}
    />
  );
}

export function DeleteLessonDialog() {
  const params = useParams();
  const sectionId = idParam(params.sectionId);
  const lessonId = idParam(params.lessonId);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const close = useGoBack(`/admin/academy/${sectionId}/lesson/${lessonId}`);
  const lesson = useQuery(adminLessonQuery(lessonId));
  const remove = useMutation({
    mutationFn: () => adminApi.deleteLesson(lessonId),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: lmsKeys.admin.lesson(lessonId) });
      await invalidateAuthoring(qc);
      navigate(`/admin/academy/${sectionId}`, { replace: true });
    },
  });
  return (
    <ConfirmModal
      title="Delete lesson"
      content={
        <>
          <p>Delete “{lesson.data?.title ?? 'this lesson'}” with its questions and the learners' answers to them? This cannot be undone.</p>
          {remove.isError && <p className="form-error">{message(remove.error)}</p>}
        </>
      }
      confirmLabel="Delete"
      destructive
      loading={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={close}
    />
  );
}

export function PublishDialog() {
  const qc = useQueryClient();
  const notify = useNotify();
  const close = useGoBack('/admin/academy');
  const sections = useQuery(adminSectionsQuery());
  const drafts = (sections.data ?? []).filter((s) => s.status === 'DRAFT');
  const publish = useMutation({
    mutationFn: () => adminApi.publish(),
    onSuccess: async () => {
      notify({ type: 'SUCCESS', title: 'Successfully published changes', content: 'Your changes has been published' });
      await invalidateAuthoring(qc);
      close();
    },
  });
  return (
    <ConfirmModal
      title="Publish All"
      content={
        <>
          {drafts.length ? (
            <p>
              Publish {drafts.length} draft {drafts.length === 1 ? 'section' : 'sections'} ({drafts.map((d) => d.title).join(', ')})? Learners will see them at once.
            </p>
          ) : (
            <p>No section is a draft: there is nothing to publish.</p>
          )}
          {publish.isError && <p className="form-error">{message(publish.error)}</p>}
        </>
      }
      confirmLabel="Publish"
      loading={publish.isPending || sections.isPending}
      onConfirm={() => drafts.length && publish.mutate()}
      onCancel={close}
    />
  );
}

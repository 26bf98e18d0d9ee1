"""Academy (sections, lessons, questions, learner answers and progress), newsletter enlistments and
grouped client error reports.

Revision ID: 0004
Revises: 0003_billing
Create Date: 2026-11-26 02:56:06.696226
"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003_billing'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('client_error_groups',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('fingerprint', sa.String(length=64), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('message', sa.Text(), nullable=False),
    sa.Column('route', sa.String(length=500), nullable=False),
    sa.Column('release', sa.String(length=80), nullable=False),
    sa.Column('stack', sa.Text(), nullable=False),
    sa.Column('user_agent', sa.String(length=300), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('first_seen', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_seen', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('fingerprint')
    )
    with op.batch_alter_table('client_error_groups', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_client_error_groups_last_seen'), ['last_seen'], unique=False)

    op.create_table('lms_general_info',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('title', sa.String(length=200), nullable=False),
    sa.Column('description', sa.Text(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('lms_sections',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('title', sa.String(length=200), nullable=False),
    sa.Column('description', sa.Text(), nullable=False),
    sa.Column('order', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('seed_key', sa.String(length=80), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('published_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('seed_key')
    )
    op.create_table('lms_lessons',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('section_id', sa.Integer(), nullable=False),
    sa.Column('title', sa.String(length=200), nullable=False),
    sa.Column('content', sa.Text(), nullable=False),
    sa.Column('order', sa.Integer(), nullable=False),
    sa.Column('seed_key', sa.String(length=80), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['section_id'], ['lms_sections.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('seed_key')
    )
    with op.batch_alter_table('lms_lessons', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lms_lessons_section_id'), ['section_id'], unique=False)

    op.create_table('newsletter_enlistments',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('enlisted_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('unsubscribed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('source', sa.String(length=16), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id')
    )
    op.create_table('lms_lesson_progress',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('lesson_id', sa.Integer(), nullable=False),
    sa.Column('is_finished', sa.Boolean(), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['lesson_id'], ['lms_lessons.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'lesson_id')
    )
    with op.batch_alter_table('lms_lesson_progress', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lms_lesson_progress_lesson_id'), ['lesson_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_lms_lesson_progress_user_id'), ['user_id'], unique=False)

    op.create_table('lms_questions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('lesson_id', sa.Integer(), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('explanation', sa.Text(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('order', sa.Integer(), nullable=False),
    sa.Column('answers', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['lesson_id'], ['lms_lessons.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('lms_questions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lms_questions_lesson_id'), ['lesson_id'], unique=False)

    op.create_table('lms_user_answers',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('question_id', sa.Integer(), nullable=False),
    sa.Column('lesson_id', sa.Integer(), nullable=False),
    sa.Column('answer_id', sa.Integer(), nullable=False),
    sa.Column('is_correct', sa.Boolean(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['lesson_id'], ['lms_lessons.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['question_id'], ['lms_questions.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'question_id')
    )
    with op.batch_alter_table('lms_user_answers', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lms_user_answers_lesson_id'), ['lesson_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_lms_user_answers_question_id'), ['question_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_lms_user_answers_user_id'), ['user_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('lms_user_answers', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lms_user_answers_user_id'))
        batch_op.drop_index(batch_op.f('ix_lms_user_answers_question_id'))
        batch_op.drop_index(batch_op.f('ix_lms_user_answers_lesson_id'))

    op.drop_table('lms_user_answers')
    with op.batch_alter_table('lms_questions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lms_questions_lesson_id'))

    op.drop_table('lms_questions')
    with op.batch_alter_table('lms_lesson_progress', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lms_lesson_progress_user_id'))
        batch_op.drop_index(batch_op.f('ix_lms_lesson_progress_lesson_id'))

    op.drop_table('lms_lesson_progress')
    op.drop_table('newsletter_enlistments')
    with op.batch_alter_table('lms_lessons', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lms_lessons_section_id'))

    op.drop_table('lms_lessons')
    op.drop_table('lms_sections')
    op.drop_table('lms_general_info')
    with op.batch_alter_table('client_error_groups', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_client_error_groups_last_seen'))

    op.drop_table('client_error_groups')

import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiRequestError, request } from '../../api/client';
import { Spinner } from '../../components/Spinner';
import { useSiteLinks } from '../../api/siteConfig';
import { CONTACT_LIMITS, trimContact, validateContact, type ContactErrors, type ContactValues } from './contactForm';
import { errorMessage } from '../../api/client';
import { usePageTitle } from './usePageTitle';

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' };
const FIELD_ORDER: (keyof ContactValues)[] = ['name', 'email', 'subject', 'message'];

export function sendContact(values: ContactValues) {
  return request<{ id: number; message: string }>('contact', { method: 'POST', body: values, auth: 'none' });
}

export function ContactPage() {
  usePageTitle('Contact Us');
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formId = useId();
  const siteLinks = useSiteLinks();
  const refs = useRef<Partial<Record<keyof ContactValues, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const mutation = useMutation({
    mutationFn: sendContact,
    onSuccess: () => setValues(EMPTY),
    onError: (err) => {
      if (err instanceof ApiRequestError) {
        const fieldErrors = err.fieldErrors();
        const mapped: ContactErrors = {};
        for (const f of FIELD_ORDER) if (fieldErrors[f]) mapped[f] = fieldErrors[f];
        if (Object.keys(mapped).length > 0) setErrors(mapped);
      }
    },
  });

  const onChange = (field: keyof ContactValues) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // After a first submit attempt, errors update as the user corrects them.
    if (submitted) setErrors(validateContact(next));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateContact(values);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    mutation.mutate(trimContact(values));
  };

  if (mutation.isSuccess) {
    return (
      <div className="pub-page pub-contact">
        <div className="pub-container pub-contact__inner">
          <div className="pub-success" role="status">
            <h1 className="pub-hero__title">Message sent</h1>
            <p>{mutation.data?.message ?? 'Thank you, your message has been sent. We will reply by e-mail.'}</p>
            <div className="pub-actions">
              <button
                type="button"
                className="pub-button pub-button--secondary"
                onClick={() => {
                  mutation.reset();
                  setSubmitted(false);
                  setErrors({});
                }}
              >
                Send another message
              </button>
              <Link to="/" className="pub-button pub-button--primary">
                Back to Home
              </Link>
            </div>
          </div>
        </div>
      </div>
    );
  }

  const field = (name: keyof ContactValues, label: string, opts: { type?: string; multiline?: boolean; autoComplete?: string; max: number }) => {
    const id = `${formId}-${name}`;
    const errorId = `${id}-error`;
    const common = {
      id,
      name,
      value: values[name],
      onChange: onChange(name),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? errorId : undefined,
      'aria-required': true,
      maxLength: opts.max,
      className: `pub-input${errors[name] ? ' is-invalid' : ''}`,
    };
    return (
      <div className="pub-field">
        <label htmlFor={id} className="pub-label">
          {label}
        </label>
        {opts.multiline ? (
          <textarea {...common} rows={7} ref={(el) => { refs.current[name] = el; }} />
        ) : (
          <input {...common} type={opts.type ?? 'text'} autoComplete={opts.autoComplete} ref={(el) => { refs.current[name] = el; }} />
        )}
        {errors[name] && (
          <p id={errorId} className="pub-field__error">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="pub-page pub-contact">
      <div className="pub-container pub-contact__inner">
        <header className="pub-contact__intro">
          <p className="pub-eyebrow">Contact</p>
          <h1 className="pub-hero__title">Contact Us</h1>
          <p className="pub-hero__text">
            Questions about the data, your subscription, the API or an enterprise licence? Send us a message and our team
            will reply by e-mail, usually within one business day.
          </p>
          <p>
            Looking for quick answers? Visit the <Link to="/help">Help and Guidance</Link> page
            {siteLinks.supportEmail ? (
              <>
                , or write to <a href={`mailto:${siteLinks.supportEmail}`}>{siteLinks.supportEmail}</a>
              </>
            ) : null}
            .
          </p>
        </header>
        <form className="pub-form" noValidate onSubmit={onSubmit} aria-label="Contact form">
          {field('name', 'Name', { autoComplete: 'name', max: CONTACT_LIMITS.name })}
          {field('email', 'E-mail', { type: 'email', autoComplete: 'email', max: CONTACT_LIMITS.email })}
          {field('subject', 'Subject', { max: CONTACT_LIMITS.subject })}
          {field('message', 'Message', { multiline: true, max: CONTACT_LIMITS.message })}
          {mutation.isError && (
            <p className="pub-alert" role="alert">
              {errorMessage(mutation.error, 'Your message could not be sent. Please try again.')}
            </p>
          )}
          <button type="submit" className="pub-button pub-button--primary pub-form__submit" disabled={mutation.isPending}>
            {mutation.isPending ? (
              <>
                <Spinner size="tiny" label="Sending" /> Sending…
              </>
            ) : (
              'Send message'
            )}
          </button>
        </form>
      </div>
    </div>
  );
}

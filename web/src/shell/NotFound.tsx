import { Link } from 'react-router';
import { useSession } from '../api/session';

/** 'Back to Home' goes to /app when both an access token and an API token are stored, otherwise /. */
export function homeTarget(accessToken: string | null, apiToken: string | null): string {
  return accessToken && apiToken ? '/app' : '/';
}

export function NotFoundPage() {
  const { accessToken, apiToken } = useSession();
  return (
    <main className="status-page" aria-labelledby="not-found-title">
      <p className="status-code" aria-hidden="true">404</p>
      <h1 id="not-found-title">The page you are looking for can’t be found.</h1>
      <Link className="btn btn-primary" to={homeTarget(accessToken, apiToken)}>
        Back to Home
      </Link>
    </main>
  );
}

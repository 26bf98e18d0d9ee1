// Welcome page: shown when there is no ACTIVE workspace.
import { useUserPlan } from './hooks';
import { useAddWorkspace } from './WorkspaceBar';
import { TIERS } from '../domain/tiers';

export function WelcomePage() {
  const add = useAddWorkspace();
  const { tier } = useUserPlan();
  const plan = TIERS.find((t) => t.id === tier);
  return (
    <section className="ws-welcome" data-testid="welcome">
      <h1>Get Started</h1>
      <p>Build a workspace of widgets to read dealer positioning across tickers and expirations.</p>
      <button type="button" className="btn btn-primary btn-large" onClick={add}>
        Create My First Workspace
      </button>
      <div className="ws-welcome-info">
        <h2>Subscription Info</h2>
        <p>{plan ? `Your plan: ${plan.name}. The countdown in the header shows when your data refreshes next.` : 'No subscription'}</p>
      </div>
      <div className="ws-cards">
        <a className="ws-card" href="/help">
          <h3>Help centre</h3>
          <p>Answers about widgets, greeks and exposures.</p>
        </a>
        <a className="ws-card" href="/resources">
          <h3>Video guide</h3>
          <p>A short tour of workspaces and widgets.</p>
        </a>
        <a className="ws-card" href="/about">
          <h3>Community</h3>
          <p>Talk with other traders using the product.</p>
        </a>
      </div>
    </section>
  );
}

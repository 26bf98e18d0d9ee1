// Admin layout (platform spec §2): header with 'Back to Volland', the academy's 'Last Updated' date and
// 'Publish All' (disabled when no section is DRAFT, it opens the publish dialog), and the admin menu.
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { adminGeneralInfoQuery, adminSectionsQuery } from '../../api/lms';
import { formatDate } from '../../lib/format';
import { Button } from '../../components/Button';
import '../academy/academy.css';
import './admin.css';

export function hasDraft(sections: { status: string }[] | undefined): boolean {
  return !!sections?.some((s) => s.status === 'DRAFT');
}

export default function AdminLayout() {
  const info = useQuery(adminGeneralInfoQuery());
  const sections = useQuery(adminSectionsQuery());
  const navigate = useNavigate();
  const location = useLocation();
  const lastUpdated = info.data?.lastUpdated;
  return (
    <div className="admin-layout">
      <header className="admin-header">
        <Link to="/app" className="btn btn-secondary btn-small">
          Back to Volland
        </Link>
        <span className="muted" data-testid="admin-last-updated">
          Last Updated: {lastUpdated ? formatDate(lastUpdated) : '—'}
        </span>
        <Button
          size="small"
          disabled={!hasDraft(sections.data)}
          onClick={() => navigate('/admin/academy/publish', { state: { backgroundLocation: location } })}
        >
          Publish All
        </Button>
      </header>
      <nav className="admin-nav" aria-label="Admin">
        <NavLink to="/admin" end>
          Dashboard
        </NavLink>
        <NavLink to="/admin/newsletter-emails">Newsletter e-mails</NavLink>
        <NavLink to="/admin/academy">Academy</NavLink>
      </nav>
      <main className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}

import { Link } from 'react-router';

/** The admin area's landing page (academy authoring and newsletter tools are not part of this build). */
export default function AdminPage() {
  return (
    <main className="page">
      <header className="section-head">
        <Link to="/app" className="btn btn-secondary">
          Back to Volland
        </Link>
      </header>
      <h1>Admin Dashboard</h1>
      <p className="muted">Academy authoring and newsletter e-mails are managed here once those modules are installed.</p>
    </main>
  );
}

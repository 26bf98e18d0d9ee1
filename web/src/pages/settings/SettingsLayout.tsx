import { NavLink, Outlet } from 'react-router';

const TABS = [
  { to: '/app/user-settings', label: 'Profile', end: true },
  { to: '/app/user-settings/invoices', label: 'Invoices', end: false },
  { to: '/app/user-settings/api-pricing', label: 'API Pricing', end: false },
  { to: '/app/user-settings/api-key', label: 'API Keys', end: false },
  { to: '/app/user-settings/alerts', label: 'Alerts', end: false },
];

export default function SettingsLayout() {
  return (
    <main className="page settings-page">
      <h1>Settings</h1>
      <nav className="tabs-list" aria-label="Settings sections">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} end={t.end} className="tab">
            {t.label}
          </NavLink>
        ))}
      </nav>
      <div className="settings-content">
        <Outlet />
      </div>
    </main>
  );
}

import { Link } from 'react-router';

/** Developer area (its content is not specified): pointers to the API reference. */
export default function DevPage() {
  return (
    <main className="page">
      <h1>Developer area</h1>
      <ul>
        <li>
          <Link to="/api/documentation">Public data API documentation</Link>
        </li>
        <li>
          <a href="/api/docs">Full HTTP API reference</a> (<a href="/api/openapi.json">openapi.json</a>)
        </li>
      </ul>
    </main>
  );
}

import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Public pages: navigation bar, the page, and the footer (hidden on dashboard paths, SPEC §2.1). */
export function PublicLayout() {
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Navbar />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

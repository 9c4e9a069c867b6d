import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useUiStore } from '../../features/ui/store';
import { es } from '../../i18n/es';

export function Footer() {
  const gymName = useUiStore((s) => s.site.gymName);
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div>
          <p className="footer__brand">{gymName}</p>
          <p>{es.footer.tagline}</p>
        </div>
        <ul className="footer__links">
          <li>
            <Link to={paths.branches}>{es.nav.branches}</Link>
          </li>
          <li>
            <Link to={paths.lessons}>{es.nav.lessons}</Link>
          </li>
          <li>
            <Link to={paths.about}>{es.nav.about}</Link>
          </li>
          <li>
            <Link to={paths.contact}>{es.nav.contact}</Link>
          </li>
        </ul>
        <p className="footer__legal">
          © {new Date().getFullYear()} {gymName}. {es.footer.rights}
        </p>
      </div>
    </footer>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { useUiStore } from '../../ui/store';
import { TEAM } from '../team';
import { TeamList } from './team-list';
import '../about.css';

/** /nosotros: who the gym is, a link to the classes and the team. */
export function AboutPage() {
  const gymName = useUiStore((s) => s.site.gymName);
  const t = es.site.about;
  return (
    <div className="about">
      <section className="section about__intro" aria-labelledby="about-title">
        <h1 id="about-title" className="section__title">
          {t.title}
        </h1>
        {t.paragraphs(gymName).map((text) => (
          <p key={text.slice(0, 24)} className="about__text">
            {text}
          </p>
        ))}
        <Link className="button button--primary" to={paths.lessons}>
          {t.lessonsLink}
        </Link>
      </section>
      <section className="section about__team" aria-labelledby="team-title">
        <h2 id="team-title" className="section__title">
          {t.teamTitle}
        </h2>
        <p className="section__subtitle">{t.teamSubtitle}</p>
        <TeamList members={TEAM} />
      </section>
    </div>
  );
}

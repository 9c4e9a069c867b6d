import { es } from '../../../i18n/es';
import type { TeamMember } from '../team';

interface TeamListProps {
  members: readonly TeamMember[];
}

/** The team: photo, name, role and two profile links that open in a new tab. */
export function TeamList({ members }: TeamListProps) {
  const t = es.site.about;
  return (
    <ul className="team">
      {members.map((member) => (
        <li key={member.name} className="team__member">
          <img
            className="team__photo"
            src={member.photo}
            alt={t.photoAlt(member.name)}
            width={160}
            height={160}
            loading="lazy"
            decoding="async"
          />
          <h3 className="team__name">{member.name}</h3>
          <p className="team__role">{member.role}</p>
          <p className="team__links">
            <a
              href={member.professionalUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t.professionalOf(member.name)}
            >
              {t.professional}
            </a>
            <a href={member.codeUrl} target="_blank" rel="noopener noreferrer" aria-label={t.codeOf(member.name)}>
              {t.code}
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}

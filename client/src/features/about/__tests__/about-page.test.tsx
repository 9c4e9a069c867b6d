import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test } from 'vitest';
import { DEMO_USERS } from '@pulso/shared';
import { DEFAULT_SITE, useUiStore } from '../../ui/store';
import { AboutPage } from '../components/about-page';
import { TEAM } from '../team';

function renderPage() {
  return render(
    <MemoryRouter>
      <AboutPage />
    </MemoryRouter>,
  );
}

describe('AboutPage', () => {
  beforeEach(() => {
    useUiStore.setState({ site: { ...DEFAULT_SITE, gymName: 'Gimnasio Atlas' } });
  });

  test('when it opens, then the title, the gym named in the text and a link to the classes show', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Nosotros' })).toBeInTheDocument();
    expect(screen.getAllByText(/Gimnasio Atlas/)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Conoce nuestras clases' })).toHaveAttribute('href', '/clases');
  });

  test('when it opens, then seven team members show with photo and two profiles opening in a new tab', () => {
    renderPage();
    const members = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(members).toHaveLength(7);
    expect(TEAM).toHaveLength(7);
    for (const [i, member] of members.entries()) {
      const { name, photo } = TEAM[i] ?? { name: '', photo: '' };
      const img = within(member).getByRole('img', { name: `Foto de ${name}` });
      expect(img).toHaveAttribute('src', photo);
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
      for (const label of [`Perfil profesional de ${name}`, `Perfil de código de ${name}`]) {
        const link = within(member).getByRole('link', { name: label });
        expect(link).toHaveAttribute('target', '_blank');
        expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    }
    expect(new Set(TEAM.map((m) => m.photo)).size).toBe(7);
  });

  test('when the demo trainers teach classes, then the team lists each of them under the very same name', () => {
    const trainers = DEMO_USERS.filter((user) => user.isMonitor).map((user) => user.fullName);
    expect(trainers.length).toBeGreaterThan(0);
    const team = TEAM.map((member) => member.name);
    for (const trainer of trainers) expect(team).toContain(trainer);
  });
});

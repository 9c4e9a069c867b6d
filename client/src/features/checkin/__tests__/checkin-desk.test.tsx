import { render, screen } from '@testing-library/react';
import { CheckinDesk } from '../components/checkin-desk';

describe('CheckinDesk', () => {
  beforeEach(() => localStorage.clear());

  it('when the desk has one sede to choose from (a sede’s own staff), then it is chosen', () => {
    render(<CheckinDesk branches={[{ id: 'b1', name: 'Sede Centro' }]} />);
    expect(screen.getByLabelText('Sede')).toHaveValue('b1');
  });

  it('when it has several, then none is chosen until the desk picks one', () => {
    render(
      <CheckinDesk
        branches={[
          { id: 'b1', name: 'Sede Centro' },
          { id: 'b2', name: 'Sede Norte' },
        ]}
      />,
    );
    expect(screen.getByLabelText('Sede')).toHaveValue('');
  });
});

import type { Outcome } from '../../lib/mutation';
import './outcome-line.css';

interface OutcomeLineProps {
  /** The last change's result (null before any). */
  result: Outcome | null;
  /** What shows while a change is under way ('Guardando...'), read out like its success. */
  pending?: string | null;
  /** The status line's id, for the control it describes (`aria-describedby`). */
  id?: string;
}

/**
 * The answer to a change made in place (a box ticked, a button pressed) rather than in a dialog:
 * its success read out in a quiet status line under the control, its failure as an alert.
 */
export function OutcomeLine({ result, pending, id }: OutcomeLineProps) {
  return (
    <>
      <p id={id} className="outcome-line" role="status">
        {pending ?? (result?.ok ? result.message : '')}
      </p>
      {result && !result.ok && (
        <p className="alert alert--error" role="alert">
          {result.message}
        </p>
      )}
    </>
  );
}

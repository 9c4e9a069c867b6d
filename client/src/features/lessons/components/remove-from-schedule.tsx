import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { lessonsEs as t } from '../../../i18n/lessons';
import { useLessonsStore } from '../store';

interface RemoveFromScheduleProps {
  lesson: { id: string; name: string };
  /** After the class left the schedule (the profile reads the account again). */
  onRemoved: () => void;
}

/** 'Quitar' beside a class of the member's schedule: asks first, then frees its places and says so. */
export function RemoveFromSchedule({ lesson, onRemoved }: RemoveFromScheduleProps) {
  const removeLesson = useLessonsStore((s) => s.removeLesson);
  const flow = useActionFlow<'remove'>(() => removeLesson(lesson.id));
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={t.remove.label(lesson.name)}
        disabled={flow.running !== null}
        onClick={() => flow.ask('remove')}
      >
        {t.remove.button}
      </button>
      <ActionDialogs
        flow={flow}
        ask={() => ({
          title: t.remove.title,
          message: t.remove.question(lesson.name),
          confirmLabel: t.remove.confirm,
          busyLabel: t.remove.busy,
          cancelLabel: t.remove.keep,
          danger: true,
        })}
        report={(_action, outcome) => ({
          title: t.remove.resultTitle,
          message: outcome.message,
          closeLabel: t.remove.accept,
          onClose: () => {
            flow.close();
            if (outcome.ok) onRemoved();
          },
        })}
      />
    </>
  );
}

import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { createLesson, getTrainers, getBranches, updateLesson, type LessonAttributes } from '../api/lessons-dashboard';

vi.mock('../../../lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  errorMessage: (e: unknown) => String(e),
}));

const ATTRIBUTES: LessonAttributes = {
  name: 'Spinning',
  shortDescription: 'Ciclismo',
  description: 'Pedalea.',
  effort: '4',
  types: ['Cardio'],
  goals: ['Bienestar'],
  scheduleDays: ['Lunes'],
  scheduleHourStart: '9:00',
  scheduleHourFinish: '10:00',
  isAvailable: true,
  capacity: 20,
  monitorId: 'm1',
  officeId: 'o1',
};

describe('lessons-dashboard api', () => {
  beforeEach(() => vi.clearAllMocks());

  test('when a class is created, then it posts multipart with the image file and lessonAttributes as JSON text', async () => {
    vi.mocked(api.post).mockResolvedValue({ data: { message: 'ok', lesson: {} } });
    const image = new File(['png'], 'clase.png', { type: 'image/png' });
    await createLesson(ATTRIBUTES, image);
    const [url, body] = vi.mocked(api.post).mock.calls[0] ?? [];
    expect(url).toBe('/lessons/create');
    const form = body as FormData;
    expect((form.get('image') as File).name).toBe('clase.png');
    expect(JSON.parse(form.get('lessonAttributes') as string)).toEqual(ATTRIBUTES);
  });

  test('when a class is updated without a new image, then only lessonAttributes is sent', async () => {
    vi.mocked(api.put).mockResolvedValue({ data: { message: 'ok', lesson: {} } });
    await updateLesson('abc', ATTRIBUTES, null);
    const [url, body] = vi.mocked(api.put).mock.calls[0] ?? [];
    expect(url).toBe('/lessons/update/abc');
    expect((body as FormData).has('image')).toBe(false);
    expect((body as FormData).has('lessonAttributes')).toBe(true);
  });

  test('when the reference lists load, then trainers come from monitor and sedes, with their days and hours, from branchOffice', async () => {
    const hours = { scheduleDays: ['Lunes'], scheduleHourStart: '7:00', scheduleHourFinish: '22:00' };
    vi.mocked(api.get).mockImplementation(async (url: string) =>
      url === '/users/monitor'
        ? { data: { monitor: [{ id: 'm1', fullName: 'Carlos Ruiz', lessonDetails: [] }] } }
        : { data: { branchOffice: [{ id: 'o1', name: 'Sede Centro', location: 'x', image: 'y', ...hours }] } },
    );
    expect((await getTrainers()).map((m) => m.fullName)).toEqual(['Carlos Ruiz']);
    expect(await getBranches()).toEqual([{ id: 'o1', name: 'Sede Centro', ...hours }]);
  });
});

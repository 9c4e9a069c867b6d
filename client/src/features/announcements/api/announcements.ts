import type {
  AnnouncementAudience,
  AnnouncementDto,
  AnnouncementPreviewDto,
  LessonListItemDto,
  schemas,
} from '@pulso/shared';
import { api, type Answer } from '../../../lib/api-client';

export interface AnnouncementBody {
  subject: string;
  body: string;
  audience: AnnouncementAudience;
  branchId?: string;
  lessonId?: string;
  ids?: string[];
  filters?: string;
  requestId?: string;
}

export async function getAnnouncements(): Promise<AnnouncementDto[]> {
  return (await api.get<AnnouncementDto[]>('/announcements')).data;
}

/** How many it would reach, a few of them, and the e-mail the first would get. */
export async function previewAnnouncement(body: AnnouncementBody): Promise<AnnouncementPreviewDto> {
  return (await api.post<AnnouncementPreviewDto>('/announcements/preview', body)).data;
}

export async function sendAnnouncement(body: AnnouncementBody): Promise<Answer<typeof schemas.announcementQueued>> {
  return (await api.post<Answer<typeof schemas.announcementQueued>>('/announcements', body)).data;
}

/** The classes an announcement can go to the members of. */
export async function getLessonChoices(): Promise<LessonListItemDto[]> {
  return (await api.get<LessonListItemDto[]>('/lessons/all')).data;
}

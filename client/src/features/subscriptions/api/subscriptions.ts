import type { AdminSubscriptionDto, schemas, SubscriptionDto } from '@pulso/shared';
import { api, type Answer } from '../../../lib/api-client';

type Saved = Answer<typeof schemas.subscriptionSaved>;

/** The caller's renewing plan: running, or the last one ended (null: none ever). */
export async function getMySubscription(): Promise<SubscriptionDto | null> {
  const { data } = await api.get<Answer<typeof schemas.mySubscription>>('/subscriptions/mine');
  return data.subscription;
}

/** 'Cancelar renovación': the plan runs to the end of the period paid for. */
export async function cancelRenewal(): Promise<Saved> {
  return (await api.post<Saved>('/subscriptions/mine/cancel')).data;
}

/** 'Seguir renovando'. */
export async function resumeRenewal(): Promise<Saved> {
  return (await api.post<Saved>('/subscriptions/mine/resume')).data;
}

/** The demo card's switch (a working card also retries a charge past due at once). */
export async function setDemoCardFailing(failing: boolean): Promise<Saved> {
  return (await api.put<Saved>('/subscriptions/mine/card', { failing })).data;
}

/** Stripe's customer portal, where the card is updated: its address. */
export async function openCardPortal(): Promise<string> {
  return (await api.post<Answer<typeof schemas.portalStarted>>('/subscriptions/mine/portal')).data.url;
}

/** Every renewing plan of the chain, newest first (the admin's 'Renovaciones'). */
export async function getAllSubscriptions(): Promise<AdminSubscriptionDto[]> {
  return (await api.get<AdminSubscriptionDto[]>('/subscriptions')).data;
}

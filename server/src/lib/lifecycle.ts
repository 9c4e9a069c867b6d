/**
 * Where this process is in its life, for the readiness check: once it drains (SIGTERM received),
 * /api/ready answers 503 so the load balancer stops sending, while requests are still served.
 */
export class Lifecycle {
  private drainingSince: Date | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(): void {
    this.drainingSince ??= new Date();
  }
}

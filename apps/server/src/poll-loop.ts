/**
 * The poll-and-wake loop a background worker runs on (the WhatsApp outbox, imports): a run every
 * pollMs and soon after wake(); a wake during a run makes it run once more at its end, so none is
 * missed; stop() ends polling and waits for the run in hand. pollMs 0: never runs by itself (tests
 * call the worker's drain()).
 */
export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stoppedFlag = false;

  constructor(
    private readonly pollMs: number,
    private readonly run: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** True once stop() was called: a run may end early, leaving the rest for the next process. */
  get stopped() {
    return this.stoppedFlag;
  }

  start() {
    if (this.pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop() {
    this.stoppedFlag = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  wake() {
    if (this.stoppedFlag || this.pollMs <= 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run()
      .then(() => undefined)
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (this.again && !this.stoppedFlag) {
          this.again = false;
          this.wake();
        }
      });
  }
}

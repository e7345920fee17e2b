/**
 * An episode's two budgets: the agent's steps (every proposal recorded spends one, whatever
 * the defense made of it) and the defense's actions on the page (a look's or an
 * intervention's steps; reviewing costs nothing).
 */
export class Budget {
  taskUsed = 0;
  defenseUsed = 0;

  constructor(
    readonly task: number,
    readonly defense: number,
  ) {}

  /**
   * Has this budget run out? The agent's ends the episode (truncated); the defense's stops
   * its trajectory and its replans, and the agent goes on.
   */
  spent(which: 'task' | 'defense'): boolean {
    return which === 'task' ? this.taskUsed >= this.task : this.defenseUsed >= this.defense;
  }

  /** What a review is told the defense has left. */
  get defenseLeft(): number {
    return this.defense - this.defenseUsed;
  }

  /** As an episode's record has it. */
  record(): { task: number; taskUsed: number; defense: number; defenseUsed: number } {
    return { task: this.task, taskUsed: this.taskUsed, defense: this.defense, defenseUsed: this.defenseUsed };
  }
}

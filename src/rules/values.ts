// What a pocketed ball is worth (R4.1, R4.3, R4.4).

/** The +10 balls: the ace always; the 2 with three players; the 2 and 3 with four. */
export function hasBonus(ball: number, playerCount: number): boolean {
  return ball === 1 || (ball === 2 && playerCount >= 3) || (ball === 3 && playerCount >= 4);
}

/** `isLast`: the ball that clears the table (R4.1) is worth 10 more, whatever its number. */
export function ballValue(ball: number, playerCount: number, isLast: boolean): number {
  return ball + (hasBonus(ball, playerCount) ? 10 : 0) + (isLast ? 10 : 0);
}

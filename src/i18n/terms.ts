// Words people read: Russian by default (the clubs that play pyramid speak it), English on request.
import type { FoulCode } from '../protocol/records.js';

export type Lang = 'ru' | 'en';
export const LANGS: readonly Lang[] = ['ru', 'en'];

export interface Terms {
  game: string;
  to: string;
  callModes: Record<string, string>;
  toPlay: string;
  fromHand: string;
  onTable: string;
  contested: string;
  won: string;
  draw: string;
  playing: string;
  call: string;
  noCall: string;
  counted: string;
  respotted: string;
  foul: string;
  penaltyTo: string;
  keeps: string;
  passes: string;
  void: string;
  ignored: string;
  review: string;
  warningStalemate: string;
  playoffBall: string;
  house: string;
  temporaryHouse: string;
  stroke: string;
  fouls: Record<FoulCode, string>;
  pockets: Record<string, string>;
  cue: string;
}

const FOULS_EN: Record<FoulCode, string> = {
  F1: 'cue ball pocketed', F2: 'cue ball off the table', F3: 'not the cue ball struck', F4: 'no ball touched',
  F5: 'not with the tip', F6: 'ball touched', F7: 'balls still moving', F8: 'balls touched, game not over',
  F9: 'ball in the house hit from hand', F10: 'not played from the house',
};
const FOULS_RU: Record<FoulCode, string> = {
  F1: 'биток в лузе', F2: 'биток за бортом', F3: 'удар не своим шаром', F4: 'биток не задел ни одного шара',
  F5: 'удар не наклейкой', F6: 'касание шара', F7: 'удар при движущихся шарах', F8: 'касание шаров до конца партии',
  F9: 'с рук: прямое попадание в шар в доме', F10: 'с рук: удар не из дома',
};

export const TERMS: Record<Lang, Terms> = {
  en: {
    game: 'Game', to: 'to', callModes: { ballPocket: 'ball-pocket', strict: 'strict calls', none: 'no calls' },
    toPlay: 'to play', fromHand: 'from hand', onTable: 'On the table', contested: 'Contested strokes',
    won: 'won', draw: 'draw', playing: 'playing', call: 'call', noCall: 'no call', counted: 'counted',
    respotted: 'respotted', foul: 'foul', penaltyTo: 'penalty', keeps: 'keeps the table', passes: 'turn passes to',
    void: 'void stroke', ignored: 'ignored: the game was over', review: 'REVIEW', warningStalemate: 'stalemate warning',
    playoffBall: 'playoff ball', house: 'house', temporaryHouse: 'temporary house', stroke: 'stroke',
    fouls: FOULS_EN, pockets: { HL: 'HL', HR: 'HR', ML: 'ML', MR: 'MR', FL: 'FL', FR: 'FR' }, cue: 'cue',
  },
  ru: {
    game: 'Партия', to: 'до', callModes: { ballPocket: 'шар-луза', strict: 'по чистому назначению', none: 'без заказа' },
    toPlay: 'бьёт', fromHand: 'с руки', onTable: 'На столе', contested: 'Спорные удары',
    won: 'выиграл', draw: 'ничья', playing: 'идёт игра', call: 'заказ', noCall: 'без заказа', counted: 'сыграно',
    respotted: 'выставлено', foul: 'штраф', penaltyTo: 'штраф', keeps: 'продолжает', passes: 'переход хода к',
    void: 'удар не в счёт', ignored: 'не учтён: партия окончена', review: 'НА ПРОВЕРКУ', warningStalemate: 'предупреждение о пате',
    playoffBall: 'решающий шар', house: 'дом', temporaryHouse: 'временный дом', stroke: 'удар',
    fouls: FOULS_RU, pockets: { HL: 'HL', HR: 'HR', ML: 'ML', MR: 'MR', FL: 'FL', FR: 'FR' }, cue: 'биток',
  },
};

export function langFrom(value: string | undefined): Lang | undefined {
  if (!value) return undefined;
  const v = value.toLowerCase().slice(0, 2);
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : undefined;
}

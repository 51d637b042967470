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
  /** the live page's words */
  ui: UiTerms;
}

export interface UiTerms {
  title: string; board: string; setup: string; callTab: string; reviewTab: string; language: string;
  online: string; offline: string; players: string; player: string; addPlayer: string; breaker: string;
  handicap: string; callMode: string; tie: string; tieDraw: string; tiePlayoff: string; stalemate: string;
  stalemateDraw: string; stalemateSeventy: string; penaltyTo: string; penaltyNext: string; penaltyPrevious: string;
  lenient: string; startGame: string; pickBall: string; pickPocket: string; currentCall: string; noCurrentCall: string;
  personFoul: string; sendFoul: string; lastStroke: string; confirm: string; overrule: string; overruleHelp: string;
  foulDecision: string; noClip: string; cameraReading: string; struck: string; firstContact: string; pocketed: string;
  offTable: string; nothing: string; noReviews: string; pin: string; pinPrompt: string; wrongPin: string; ok: string;
  cancel: string; sent: string; confidence: string; verdict: string; own: string; gameStarted: string; idle: string;
  /** the camera strip */
  camera: string; cameraRunning: string; cameraCalibrating: string; cameraStarting: string; cameraOffline: string;
  cameraStopped: string; cameraEnded: string; cameraError: string; cameraNone: string; cameraUnknown: string;
  fps: string; dropped: string; skipped: string; droppingNow: string; unreachable: string; lastHeard: string;
}

const UI_EN: UiTerms = {
  title: 'Marker', board: 'Scoreboard', setup: 'New game', callTab: 'Call', reviewTab: 'Review', language: 'Русский',
  online: 'live', offline: 'offline', players: 'Players', player: 'Player', addPlayer: 'add a player', breaker: 'Breaks',
  handicap: 'handicap', callMode: 'Calls', tie: 'Tie', tieDraw: 'draw', tiePlayoff: 'playoff ball', stalemate: 'Stalemate',
  stalemateDraw: 'draw', stalemateSeventy: 'seventy (one ball decides)', penaltyTo: 'Penalty goes to', penaltyNext: 'the next player',
  penaltyPrevious: 'the previous player', lenient: 'F5 and F6 are not fouls', startGame: 'Start the game',
  pickBall: 'Tap a ball', pickPocket: 'then tap a pocket', currentCall: 'Call', noCurrentCall: 'no call yet',
  personFoul: 'A foul the camera cannot see', sendFoul: 'Foul on the last stroke', lastStroke: 'Last stroke', confirm: 'Confirm',
  overrule: 'Overrule', overruleHelp: 'what really happened (shot fields, JSON)', foulDecision: 'Foul', noClip: 'no clip was captured for this stroke',
  cameraReading: 'The camera saw', struck: 'struck', firstContact: 'first contact', pocketed: 'pocketed', offTable: 'off the table',
  nothing: 'nothing', noReviews: 'Nothing to review', pin: 'Referee PIN', pinPrompt: 'Enter the referee PIN', wrongPin: 'Wrong PIN',
  ok: 'OK', cancel: 'Cancel', sent: 'done', confidence: 'confidence', verdict: 'Verdict', own: 'cue ball', gameStarted: 'game started',
  idle: 'No game yet: start one under “New game”',
  camera: 'Camera', cameraRunning: 'running', cameraCalibrating: 'calibrating: finding the table', cameraStarting: 'starting',
  cameraOffline: 'not running', cameraStopped: 'stopped', cameraEnded: 'the video ended', cameraError: 'failed',
  cameraNone: 'none', cameraUnknown: 'state unknown', fps: 'fps', dropped: 'frames dropped', skipped: 'skipped',
  droppingNow: 'dropping frames', unreachable: 'Referee not reachable', lastHeard: 'last heard at',
};

const UI_RU: UiTerms = {
  title: 'Маркёр', board: 'Табло', setup: 'Новая партия', callTab: 'Заказ', reviewTab: 'Проверка', language: 'English',
  online: 'в эфире', offline: 'нет связи', players: 'Игроки', player: 'Игрок', addPlayer: 'добавить игрока', breaker: 'Разбивает',
  handicap: 'фора', callMode: 'Заказ', tie: 'Равный счёт', tieDraw: 'ничья', tiePlayoff: 'решающий шар', stalemate: 'Пат',
  stalemateDraw: 'ничья', stalemateSeventy: 'по 70 (решает один шар)', penaltyTo: 'Штраф получает', penaltyNext: 'следующий игрок',
  penaltyPrevious: 'предыдущий игрок', lenient: 'F5 и F6 не штрафуются', startGame: 'Начать партию',
  pickBall: 'Выберите шар', pickPocket: 'затем лузу', currentCall: 'Заказ', noCurrentCall: 'заказа нет',
  personFoul: 'Штраф, которого не видит камера', sendFoul: 'Штраф за последний удар', lastStroke: 'Последний удар', confirm: 'Подтвердить',
  overrule: 'Исправить', overruleHelp: 'как было на самом деле (поля удара, JSON)', foulDecision: 'Штраф', noClip: 'клип для этого удара не записан',
  cameraReading: 'Камера увидела', struck: 'удар по', firstContact: 'первое касание', pocketed: 'в лузе', offTable: 'за бортом',
  nothing: 'ничего', noReviews: 'Спорных ударов нет', pin: 'PIN судьи', pinPrompt: 'Введите PIN судьи', wrongPin: 'Неверный PIN',
  ok: 'OK', cancel: 'Отмена', sent: 'принято', confidence: 'уверенность', verdict: 'Решение', own: 'биток (свой)', gameStarted: 'партия начата',
  idle: 'Партии нет: начните её на вкладке «Новая партия»',
  camera: 'Камера', cameraRunning: 'работает', cameraCalibrating: 'калибровка: поиск стола', cameraStarting: 'запускается',
  cameraOffline: 'не работает', cameraStopped: 'остановлена', cameraEnded: 'видео закончилось', cameraError: 'сбой',
  cameraNone: 'нет', cameraUnknown: 'состояние неизвестно', fps: 'кадр/с', dropped: 'потеряно кадров', skipped: 'пропущено',
  droppingNow: 'теряет кадры', unreachable: 'Маркёр не отвечает', lastHeard: 'последние данные в',
};

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
    fouls: FOULS_EN, pockets: { HL: 'HL', HR: 'HR', ML: 'ML', MR: 'MR', FL: 'FL', FR: 'FR' }, cue: 'cue', ui: UI_EN,
  },
  ru: {
    game: 'Партия', to: 'до', callModes: { ballPocket: 'шар-луза', strict: 'по чистому назначению', none: 'без заказа' },
    toPlay: 'бьёт', fromHand: 'с руки', onTable: 'На столе', contested: 'Спорные удары',
    won: 'выиграл', draw: 'ничья', playing: 'идёт игра', call: 'заказ', noCall: 'без заказа', counted: 'сыграно',
    respotted: 'выставлено', foul: 'штраф', penaltyTo: 'штраф', keeps: 'продолжает', passes: 'переход хода к',
    void: 'удар не в счёт', ignored: 'не учтён: партия окончена', review: 'НА ПРОВЕРКУ', warningStalemate: 'предупреждение о пате',
    playoffBall: 'решающий шар', house: 'дом', temporaryHouse: 'временный дом', stroke: 'удар',
    fouls: FOULS_RU, pockets: { HL: 'HL', HR: 'HR', ML: 'ML', MR: 'MR', FL: 'FL', FR: 'FR' }, cue: 'биток', ui: UI_RU,
  },
};

export function langFrom(value: string | undefined): Lang | undefined {
  if (!value) return undefined;
  const v = value.toLowerCase().slice(0, 2);
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : undefined;
}

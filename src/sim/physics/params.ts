// Physical constants of the simulated table. Values are typical of a Russian table with 68 mm,
// ~285 g balls (cloth and cushion figures after Marlow and the pooltool defaults), and can be
// overridden per world so scenarios or tests can vary them.

export interface PhysicsParams {
  g_mm_s2: number;
  ballMass_kg: number;
  cueMass_kg: number;
  /** restitution of the cue tip on the ball */
  tipRestitution: number;
  /** sliding friction ball–cloth */
  muSlide: number;
  /** rolling resistance (deceleration = muRoll * g) */
  muRoll: number;
  /** spin about the vertical axis decays at 5/2 * muSpin * g / R */
  muSpin: number;
  ballRestitution: number;
  /** ball–ball surface friction: gives a little throw and transfers a little spin */
  ballFriction: number;
  cushionRestitution: number;
  cushionFriction: number;
  /** height of the cushion's contact nose above the cloth, as a fraction of the ball diameter */
  cushionNoseHeight: number;
  /** height of the rail top above the cloth, as a fraction of the ball diameter */
  railHeight: number;
  /** from the cushion nose to the outer edge of the rail */
  railWidth_mm: number;
  /** vertical restitution of a ball landing on the cloth or the rail */
  clothRestitution: number;
  /** radius of the rounded jaw points and facings */
  jawRadius_mm: number;
  /** how far the jaw facings open outward from the pocket axis, corner and middle pockets */
  cornerFacingFlare_deg: number;
  middleFacingFlare_deg: number;
  /** how far past the line between the jaw points the hole's edge lies, on the pocket axis */
  cornerLipDepth_mm: number;
  middleLipDepth_mm: number;
  /** radius of the pocket hole in the slate */
  holeRadius_mm: number;
  /** a ball whose centre stops within this distance outside a hole's edge is hanging (R8) */
  hangBand_mm: number;
  /** fixed integration step */
  dt_s: number;
  /** below this speed a rolling ball stops */
  restSpeed_mm_s: number;
  /** below this angular speed (rad/s) a ball's leftover spin stops */
  restSpin_rad_s: number;
}

export const DEFAULT_PARAMS: PhysicsParams = {
  g_mm_s2: 9810,
  ballMass_kg: 0.285,
  cueMass_kg: 0.7,
  tipRestitution: 0.75,
  muSlide: 0.2,
  muRoll: 0.01,
  muSpin: 0.0075,
  ballRestitution: 0.94,
  ballFriction: 0.05,
  cushionRestitution: 0.8,
  cushionFriction: 0.2,
  cushionNoseHeight: 0.64,
  railHeight: 0.72,
  railWidth_mm: 140,
  clothRestitution: 0.5,
  jawRadius_mm: 8,
  cornerFacingFlare_deg: 4,
  middleFacingFlare_deg: 12,
  cornerLipDepth_mm: 22,
  middleLipDepth_mm: 14,
  holeRadius_mm: 46,
  hangBand_mm: 4,
  dt_s: 0.001,
  restSpeed_mm_s: 1,
  restSpin_rad_s: 0.3,
};

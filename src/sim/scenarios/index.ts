// Public face of the scenarios: named cases and whole games as replayable timelines.
export { listScenarios, runScenario } from './registry.js';
export type { ScenarioOptions } from './setup.js';
export { Timeline, poseAt } from './timeline.js';
export type { TimelineData, PoseKey, PoseTrack } from './timeline.js';
export { Director } from './director.js';
export type { StrokeOptions } from './director.js';

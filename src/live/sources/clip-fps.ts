// How many frames a second a review clip keeps (thumb.ts makes them; this stays free of OpenCV).
export const CLIP_FPS = 15;

// The exported reader must answer in onnxruntime-node exactly as it did in PyTorch: same inputs
// (written by train_reader.py), outputs within 1e-4 and the same class for every sample.
// Run: node --import tsx scripts/train/check-reader.ts [models/ball-reader.onnx]
import { readFileSync } from 'node:fs';
import { NumberReader } from '../../src/vision/identity/number-reader.js';
import { ID_CLASSES } from '../../src/vision/observation.js';

const model = process.argv[2] ?? 'models/ball-reader.onnx';
const base = model.replace(/\.onnx$/, '');
const f32 = (p: string) => { const b = readFileSync(p); return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4); };
const input = f32(`${base}.parity-in.f32`);
const ref = f32(`${base}.parity-out.f32`);
const n = ref.length / ID_CLASSES;
const reader = await NumberReader.load(model);
const got = await reader.runPatches(new Float32Array(input), n);
let maxDiff = 0;
let argmaxSame = 0;
for (let i = 0; i < n; i++) {
  const r = ref.subarray(i * ID_CLASSES, (i + 1) * ID_CLASSES);
  const g = got[i]!;
  for (let c = 0; c < ID_CLASSES; c++) maxDiff = Math.max(maxDiff, Math.abs(r[c]! - g[c]!));
  const am = (a: ArrayLike<number>) => { let b = 0; for (let c = 1; c < ID_CLASSES; c++) if (a[c]! > a[b]!) b = c; return b; };
  if (am(r) === am(g)) argmaxSame++;
}
console.log(`parity: ${n} samples, max |onnxruntime-node - pytorch| = ${maxDiff.toExponential(2)}, same class ${argmaxSame}/${n}`);
if (maxDiff > 1e-4 || argmaxSame !== n) {
  console.error('parity check FAILED');
  process.exit(1);
}

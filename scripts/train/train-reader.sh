#!/usr/bin/env bash
# Rebuilds the number reader from nothing: crops from the simulator (train / validation / held-out
# seeds kept apart), PyTorch training, ONNX export, the parity check in onnxruntime-node, the
# held-out evaluation, and the model card. Deterministic for a seed; progress on stderr.
# Usage: npm run train:reader [-- --count 16000 --epochs 30 --seed 71 --data DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
count=16000; epochs=30; seed=71; data=${MARKER_DATA:-/var/tmp/marker-train}
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --epochs) epochs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    *) echo "train-reader: unknown option $1" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh --for-training
val=$((count / 8))
# seeds: training from 100000, validation from 500000, held-out evaluation from 900000 (never trained on)
node --import tsx scripts/train/make-crops.ts --out "$data/crops-train" --count "$count" --seed-base 100000 --jobs 2
node --import tsx scripts/train/make-crops.ts --out "$data/crops-val" --count "$val" --seed-base 500000 --jobs 2
/usr/bin/python3 scripts/train/train_reader.py --train "$data/crops-train" --val "$data/crops-val" \
  --out models/ball-reader.onnx --epochs "$epochs" --seed "$seed" --threads 2
node --import tsx scripts/train/check-reader.ts models/ball-reader.onnx
node --import tsx scripts/train/eval-reader.ts --model models/ball-reader.onnx --count 2000 --seed-base 900000 \
  --json models/ball-reader.metrics.json | tee "$data/eval.txt"
node --import tsx scripts/train/write-card.ts models/ball-reader

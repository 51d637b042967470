#!/usr/bin/env bash
# Rebuilds the number reader from nothing: crops from the simulator (train / validation / held-out
# seeds kept apart), PyTorch training, ONNX export, the parity check in onnxruntime-node, the
# held-out evaluation, and the model card. Deterministic for a seed; progress on stderr.
# Usage: npm run train:reader [-- --count 44000 --val-count 4000 --epochs 8 --seed 71 --data DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
count=44000; val=4000; epochs=8; seed=71; data=${MARKER_DATA:-/var/tmp/marker-train-v2}
# a renderer per look costs ~0.75 s and a crop ~16 ms: 60 crops a look keeps rendering cheap, and
# 65% face-up balls make most training crops readable numbers (the renderer's default is 40%)
per_look=60; face_up=0.65
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --val-count) val=$2; shift 2 ;;
    --epochs) epochs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    *) echo "train-reader: unknown option $1" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh --for-training
# seeds: training from 100000, validation from 500000, held-out evaluation from 900000 (never trained on).
# Validation keeps the renderer's default face-up share so the temperature and the "not visible" bias
# fitted on it match the evaluation's class mix; evaluation uses the default crop options throughout.
node --import tsx scripts/train/make-crops.ts --out "$data/crops-train" --count "$count" --seed-base 100000 --jobs 2 \
  --per-look "$per_look" --face-up-share "$face_up"
node --import tsx scripts/train/make-crops.ts --out "$data/crops-val" --count "$val" --seed-base 500000 --jobs 2 \
  --per-look "$per_look"

/usr/bin/python3 scripts/train/train_reader.py --train "$data/crops-train" --val "$data/crops-val" \
  --out models/ball-reader.onnx --epochs "$epochs" --seed "$seed" --threads 2
node --import tsx scripts/train/check-reader.ts models/ball-reader.onnx
node --import tsx scripts/train/eval-reader.ts --model models/ball-reader.onnx --count 2000 --seed-base 900000 \
  --json models/ball-reader.metrics.json | tee "$data/eval.txt"
node --import tsx scripts/train/write-card.ts models/ball-reader

#!/usr/bin/python3
"""Trains the ball number reader (issue 5) on crops from the simulator and exports it to ONNX.

Input: crops written by scripts/train/make-crops.ts. Each crop is resampled so the ball's radius
is 14 px (the reader sees every ball at one scale), rotated at random (a numeral turns to any angle
on a rolling ball; mirror images are never valid digits), shifted a little, and cut to 40x40.
Output classes: 0 cue ball, 1..15, 16 number not visible. The exported model takes float32
NCHW RGB in [0, 1] and returns calibrated probabilities (temperature scaling fitted on the
validation crops is folded into the graph).

Run with Debian's interpreter: /usr/bin/python3 scripts/train/train_reader.py --train D --val D --out models/ball-reader.onnx
"""
import argparse, json, math, os, sys, time
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

INPUT = 40
RADIUS = 14.0
CLASSES = 17


def load(d):
    meta = [json.loads(l) for l in open(os.path.join(d, 'crops.jsonl'))]
    n = len(meta)
    s = meta[0]['size']
    x = np.fromfile(os.path.join(d, 'images.u8'), dtype=np.uint8).reshape(n, s, s, 3)
    y = np.fromfile(os.path.join(d, 'labels.u8'), dtype=np.uint8).astype(np.int64)
    r = np.array([m['radius_px'] for m in meta], dtype=np.float32)
    # a numeral half turned away is neither clearly readable nor clearly hidden: such crops teach
    # nothing certain and are left out (the tracker's fusion over frames carries those moments)
    keep = np.array([not is_ambiguous(m) for m in meta])
    x, y, r = x[keep], y[keep], r[keep]
    meta = [m for m, k in zip(meta, keep) if k]
    return torch.from_numpy(x).permute(0, 3, 1, 2).float() / 255.0, torch.from_numpy(y), torch.from_numpy(r), meta


AMBIGUOUS = (0.3, 0.85)


def is_ambiguous(m):
    return m['label'] == 'hidden' and AMBIGUOUS[0] <= m['numeralVisible'] < AMBIGUOUS[1]


def resample(x, radius, rot, shift, scale_jitter):
    """Affine resampling to INPUT x INPUT: ball radius -> RADIUS px, rotation, shift (px of the output)."""
    n, _, s, _ = x.shape
    scale = (radius * scale_jitter / RADIUS) * (INPUT / s)  # output px -> input normalised units
    cos, sin = torch.cos(rot), torch.sin(rot)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = cos * scale
    theta[:, 0, 1] = -sin * scale
    theta[:, 1, 0] = sin * scale
    theta[:, 1, 1] = cos * scale
    theta[:, 0, 2] = shift[:, 0] * 2 / s
    theta[:, 1, 2] = shift[:, 1] * 2 / s
    grid = F.affine_grid(theta, (n, 3, INPUT, INPUT), align_corners=False)
    return F.grid_sample(x, grid, mode='bilinear', padding_mode='border', align_corners=False)


class Reader(nn.Module):
    def __init__(self, width=24):
        super().__init__()
        w = width
        def block(i, o):
            return nn.Sequential(nn.Conv2d(i, o, 3, padding=1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))
        self.features = nn.Sequential(
            block(3, w), block(w, w), nn.MaxPool2d(2),            # 20
            block(w, 2 * w), block(2 * w, 2 * w), nn.MaxPool2d(2),  # 10
            block(2 * w, 4 * w), block(4 * w, 4 * w), nn.MaxPool2d(2),  # 5
            block(4 * w, 4 * w),
        )
        self.head = nn.Linear(4 * w, CLASSES)

    def forward(self, x):
        f = self.features(x)
        return self.head(f.mean(dim=(2, 3)))


class Calibrated(nn.Module):
    """The exported graph: logits / T, softmax."""
    def __init__(self, net, temperature):
        super().__init__()
        self.net = net
        self.register_buffer('t', torch.tensor(float(temperature)))

    def forward(self, x):
        return torch.softmax(self.net(x) / self.t, dim=1)


def augment(x, r, g):
    n = x.shape[0]
    rot = torch.rand(n, generator=g) * 2 * math.pi
    shift = (torch.rand(n, 2, generator=g) - 0.5) * 4.0
    sj = 1.0 + (torch.rand(n, generator=g) - 0.5) * 0.16
    out = resample(x, r, rot, shift, sj)
    # photometric: brightness, contrast, per-channel gain, noise
    b = 1.0 + (torch.rand(n, 1, 1, 1, generator=g) - 0.5) * 0.4
    gain = 1.0 + (torch.rand(n, 3, 1, 1, generator=g) - 0.5) * 0.16
    out = out * b * gain
    out = out + torch.randn(out.shape, generator=g) * (torch.rand(n, 1, 1, 1, generator=g) * 0.03)
    return out.clamp(0, 1)


def canonical(x, r):
    n = x.shape[0]
    return resample(x, r, torch.zeros(n), torch.zeros(n, 2), torch.ones(n))


def ece(probs, y, bins=15):
    conf, pred = probs.max(1)
    acc = (pred == y).float()
    e = torch.zeros(())
    for i in range(bins):
        m = (conf > i / bins) & (conf <= (i + 1) / bins)
        if m.any():
            e += m.float().mean() * (conf[m].mean() - acc[m].mean()).abs()
    return float(e)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--train', required=True)
    ap.add_argument('--val', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--epochs', type=int, default=30)
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--seed', type=int, default=71)
    ap.add_argument('--width', type=int, default=24)
    ap.add_argument('--threads', type=int, default=2)
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    g = torch.Generator().manual_seed(a.seed)
    xt, yt, rt, _ = load(a.train)
    xv, yv, rv, _ = load(a.val)
    print(f'train {len(yt)} crops, val {len(yv)}', flush=True)
    net = Reader(a.width)
    params = sum(p.numel() for p in net.parameters())
    print(f'reader: {params} parameters', flush=True)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = a.epochs * math.ceil(len(yt) / a.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps, pct_start=0.15)
    xv_c = canonical(xv, rv)
    t0 = time.time()
    for ep in range(a.epochs):
        net.train()
        perm = torch.randperm(len(yt), generator=g)
        tot, correct, loss_sum = 0, 0, 0.0
        for i in range(0, len(yt), a.batch):
            idx = perm[i:i + a.batch]
            xb = augment(xt[idx], rt[idx], g)
            logits = net(xb)
            loss = F.cross_entropy(logits, yt[idx], label_smoothing=0.02)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            loss_sum += float(loss) * len(idx)
            correct += int((logits.argmax(1) == yt[idx]).sum())
            tot += len(idx)
        net.eval()
        with torch.no_grad():
            pv = net(xv_c).argmax(1)
        print(f'epoch {ep + 1}/{a.epochs}: loss {loss_sum / tot:.4f} train acc {correct / tot:.4f} val acc {float((pv == yv).float().mean()):.4f} ({time.time() - t0:.0f} s)', flush=True)
    # temperature scaling on the validation crops
    net.eval()
    with torch.no_grad():
        logits_v = net(xv_c)
    best_t, best_nll = 1.0, 1e9
    for t in np.linspace(0.5, 3.0, 51):
        nll = float(F.cross_entropy(logits_v / t, yv))
        if nll < best_nll:
            best_t, best_nll = float(t), nll
    model = Calibrated(net, best_t).eval()
    with torch.no_grad():
        pv = model(xv_c)
    print(f'temperature {best_t:.2f}: val acc {float((pv.argmax(1) == yv).float().mean()):.4f}, val ECE {ece(pv, yv):.4f}', flush=True)
    os.makedirs(os.path.dirname(a.out) or '.', exist_ok=True)
    dummy = torch.zeros(1, 3, INPUT, INPUT)
    torch.onnx.export(model, dummy, a.out, input_names=['crops'], output_names=['probs'],
                      dynamic_axes={'crops': {0: 'batch'}, 'probs': {0: 'batch'}}, opset_version=13)
    # parity samples: the node check feeds the same inputs to onnxruntime-node
    sample = xv_c[:64].contiguous()
    with torch.no_grad():
        ref = model(sample)
    base = os.path.splitext(a.out)[0]
    sample.numpy().astype(np.float32).tofile(base + '.parity-in.f32')
    ref.numpy().astype(np.float32).tofile(base + '.parity-out.f32')
    json.dump({'input': [INPUT, INPUT], 'radius_px': RADIUS, 'ambiguous': list(AMBIGUOUS), 'classes': CLASSES, 'temperature': best_t, 'parameters': params,
               'epochs': a.epochs, 'seed': a.seed, 'train': len(yt), 'val': len(yv)}, open(base + '.train.json', 'w'), indent=2)
    print(f'wrote {a.out}', flush=True)


if __name__ == '__main__':
    main()

#!/usr/bin/python3
"""Trains the ball number reader (issue 5) on crops from the simulator and exports it to ONNX.

Input: crops written by scripts/train/make-crops.ts. Each crop is resampled so the ball's radius
is 14 px (the reader sees every ball at one scale), rotated at random (a numeral turns to any angle
on a rolling ball; mirror images are never valid digits), shifted a little, and cut to --input px square
(40 by default).
Output classes: 0 cue ball, 1..15, 16 number not visible. The exported model takes float32
NCHW RGB in [0, 1] and returns calibrated probabilities (temperature scaling fitted on the
validation crops is folded into the graph).

Labels: a ball whose centre moved MOTION_READABLE_MM or more during the exposure is "not visible"
(src/sim/render/crops.ts labels it so since v3; crops rendered before are relabelled here from
their motion_mm, which gives the same labels). --hidden-keep below 1 trains each epoch on every
readable crop and that share of the clearly unreadable ones, drawn afresh (cheaper epochs); the
"not visible" bias fitted on the validation crops undoes the class prior this shifts. The default
keeps them all: at 0.5 the reader confused more numeral-away ivory balls with the cue ball.

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
NOT_VISIBLE = 16
# a rolling ball's top (where a face-up numeral sits) moves at twice the centre's speed: 6 mm of
# centre travel smears the numeral by up to 12 mm, several stroke widths of a 15-27 mm numeral
MOTION_READABLE_MM = 6.0


def load(d):
    meta = [json.loads(l) for l in open(os.path.join(d, 'crops.jsonl'))]
    n = len(meta)
    s = meta[0]['size']
    x = np.fromfile(os.path.join(d, 'images.u8'), dtype=np.uint8).reshape(n, s, s, 3)
    y = np.fromfile(os.path.join(d, 'labels.u8'), dtype=np.uint8).astype(np.int64)
    smeared = np.array([m['ball'] != 'cue' and m['motion_mm'] >= MOTION_READABLE_MM for m in meta])
    y[smeared] = NOT_VISIBLE
    r = np.array([m['radius_px'] for m in meta], dtype=np.float32)
    # a numeral half turned away is neither clearly readable nor clearly hidden: such crops teach
    # nothing certain and are left out (the tracker's fusion over frames carries those moments)
    keep = np.array([not is_ambiguous(m) for m in meta])
    x, y, r = x[keep], y[keep], r[keep]
    meta = [m for m, k in zip(meta, keep) if k]
    # kept as uint8 (tens of thousands of crops); batches become floats as they are used
    return torch.from_numpy(np.ascontiguousarray(x.transpose(0, 3, 1, 2))), torch.from_numpy(y), torch.from_numpy(r), meta


def as_float(x):
    return x.float() / 255.0


AMBIGUOUS = (0.3, 0.85)


def is_ambiguous(m):
    return m['label'] == 'hidden' and AMBIGUOUS[0] <= m['numeralVisible'] < AMBIGUOUS[1]


def resample(x, radius, rot, shift, scale_jitter, side=None, warp=None):
    """Affine resampling to side x side (INPUT by default): ball radius -> RADIUS px, rotation, shift (px of the output).
    `warp` (n x 2 x 2), when given, is applied before the rotation: a stretch or shear of the crop."""
    side = side or INPUT
    n, _, s, _ = x.shape
    scale = (radius * scale_jitter / RADIUS) * (side / s)  # output px -> input normalised units
    cos, sin = torch.cos(rot), torch.sin(rot)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = cos * scale
    theta[:, 0, 1] = -sin * scale
    theta[:, 1, 0] = sin * scale
    theta[:, 1, 1] = cos * scale
    if warp is not None:
        theta[:, :, :2] = torch.bmm(theta[:, :, :2], warp)
    theta[:, 0, 2] = shift[:, 0] * 2 / s
    theta[:, 1, 2] = shift[:, 1] * 2 / s
    grid = F.affine_grid(theta, (n, 3, side, side), align_corners=False)
    return F.grid_sample(x, grid, mode='bilinear', padding_mode='border', align_corners=False)


class Reader(nn.Module):
    """A small CNN that keeps two 3x3 blocks at each of the full, half and quarter resolutions (a
    numeral is 6-11 px tall at full resolution: pooling after a single block there lost digit detail),
    then one block at an eighth. `widths` = channels at those four. Global average pooling, one
    linear layer. At a 32x32 input (--input 32: the ball's 14 px radius still fits, with 2 px to
    spare) every layer costs 36% less than at 40x40."""
    def __init__(self, widths=(16, 32, 64, 96), stem_stride=1):
        super().__init__()
        a, b, c, d = widths
        def block(i, o, stride=1):
            return nn.Sequential(nn.Conv2d(i, o, 3, stride=stride, padding=1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))
        if stem_stride == 1:
            self.features = nn.Sequential(
                block(3, a), block(a, a), nn.MaxPool2d(2),    # 40 -> 20
                block(a, b), block(b, b), nn.MaxPool2d(2),    # 20 -> 10
                block(b, c), block(c, c), nn.MaxPool2d(2),    # 10 -> 5
                block(c, d),
            )
        else:
            # one strided 3x3 convolution at full resolution instead of two there: in onnxruntime a
            # convolution of the 3-channel input is the least efficient layer per multiply-accumulate
            # (NCHW input into its blocked layout), and the next layers run on a quarter of the pixels
            self.features = nn.Sequential(
                block(3, a, stride=2),                        # full -> half resolution
                block(a, b), block(b, b), nn.MaxPool2d(2),    # half -> quarter
                block(b, c), block(c, c), nn.MaxPool2d(2),    # quarter -> eighth
                block(c, d),
            )
        self.head = nn.Linear(d, CLASSES)

    def forward(self, x):
        f = self.features(x)
        return self.head(f.mean(dim=(2, 3)))


DEFAULT_WIDTHS = (16, 32, 64, 96)


def describe_plain(widths, side, stem_stride=1):
    a, b, c, d = widths
    at = [f'{side >> k}×{side >> k}' for k in range(4)]
    if stem_stride == 2:
        return (f'a 3×3 convolution of stride 2 from {at[0]} to {at[1]} ({a} channels), two 3×3 convolution blocks at {at[1]} ({b}), '
                f'max-pool, two at {at[2]} ({c}), max-pool, one at {at[3]} ({d}); batch norm and ReLU after every convolution, '
                'global average pooling, one linear layer')
    return (f'two 3×3 convolution blocks at {at[0]} ({a} channels), max-pool, two at {at[1]} ({b}), max-pool, two at '
            f'{at[2]} ({c}), max-pool, one at {at[3]} ({d}); batch norm and ReLU after every convolution, global average '
            'pooling, one linear layer')


class SeparableReader(nn.Module):
    """A candidate edge reader (--arch separable): a full 3x3 convolution at full resolution, then
    depthwise-separable blocks (3x3 depthwise + 1x1 pointwise, batch norm and ReLU after each) in
    `stages` at the full, half, quarter and eighth resolutions with a max-pool between stages; a
    block whose input and output widths match adds its input back. Cheap in onnxruntime (4.2M MACs,
    about 0.14 ms a crop for 16,16/32,32,32/64,64/128) but in PyTorch on one CPU thread a training
    step cost ~5x that of a plain net of the same MACs and it learned slower (readable 19% on
    validation after 3 of 20 epochs, against 39% for the v3 net), so it was not trained to the end."""
    def __init__(self, stem, stages):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, stem, 3, padding=1, bias=False), nn.BatchNorm2d(stem), nn.ReLU(inplace=True))
        blocks, c = [], stem
        for k, widths in enumerate(stages):
            for j, o in enumerate(widths):
                blocks.append(SeparableBlock(c, o, pool=k > 0 and j == 0))
                c = o
        self.blocks = nn.Sequential(*blocks)
        self.head = nn.Linear(c, CLASSES)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean(dim=(2, 3)))


class SeparableBlock(nn.Module):
    def __init__(self, i, o, pool):
        super().__init__()
        self.pool = nn.MaxPool2d(2) if pool else nn.Identity()
        self.dw = nn.Sequential(nn.Conv2d(i, i, 3, padding=1, groups=i, bias=False), nn.BatchNorm2d(i), nn.ReLU(inplace=True))
        self.pw = nn.Sequential(nn.Conv2d(i, o, 1, bias=False), nn.BatchNorm2d(o))
        self.residual = i == o

    def forward(self, x):
        x = self.pool(x)
        y = self.pw(self.dw(x))
        return F.relu(y + x if self.residual else y)


def parse_stages(spec):
    """'16,16/32,32/64,64/128' -> stage widths at the full, half, quarter and eighth resolutions."""
    stages = [tuple(int(w) for w in s.split(',')) for s in spec.split('/')]
    if len(stages) != 4:
        raise SystemExit(f'--stages needs four stages (full, half, quarter, eighth resolution): {spec}')
    return stages


def describe_separable(stem, stages, side):
    where = [f'{side >> k}×{side >> k}' for k in range(4)]
    parts = [f'a full 3×3 convolution at {where[0]} ({stem} channels)']
    for k, ws in enumerate(stages):
        n = len(ws)
        parts.append(f'{"max-pool, " if k else ""}{n} depthwise-separable block{"s" if n > 1 else ""} at {where[k]} ({", ".join(map(str, ws))})')
    return (', '.join(parts) + '; a separable block is a 3×3 depthwise and a 1×1 pointwise convolution, batch norm and '
            'ReLU after each, with its input added back where the widths match; global average pooling, one linear layer')


def build(arch, widths, stem, stages):
    if arch == 'plain':
        return Reader(widths), describe_plain(widths, INPUT)
    if arch == 'strided':
        return Reader(widths, stem_stride=2), describe_plain(widths, INPUT, stem_stride=2)
    if arch == 'separable':
        return SeparableReader(stem, stages), describe_separable(stem, stages, INPUT)
    raise SystemExit(f'unknown --arch {arch} (plain, strided, separable)')


def count_macs(net):
    """Multiply-accumulates of one crop through the convolutions and the linear layer."""
    macs = []
    def conv_hook(m, i, o):
        macs.append(o.numel() * (m.in_channels // m.groups) * m.kernel_size[0] * m.kernel_size[1])
    def lin_hook(m, i, o):
        macs.append(m.in_features * m.out_features)
    hs = [m.register_forward_hook(conv_hook) for m in net.modules() if isinstance(m, nn.Conv2d)]
    hs += [m.register_forward_hook(lin_hook) for m in net.modules() if isinstance(m, nn.Linear)]
    was = net.training
    net.eval()
    with torch.no_grad():
        net(torch.zeros(1, 3, INPUT, INPUT))
    net.train(was)
    for h in hs:
        h.remove()
    return int(sum(macs))


class Calibrated(nn.Module):
    """The exported graph: softmax(logits / T + b), b nonzero only for "not visible". The bias
    undoes the training set's class prior (more face-up balls than the camera sees), both fitted on
    the validation crops, which are drawn with the renderer's default share of face-up balls."""
    def __init__(self, net, temperature, hidden_bias=0.0):
        super().__init__()
        self.net = net
        self.register_buffer('t', torch.tensor(float(temperature)))
        b = torch.zeros(CLASSES)
        b[CLASSES - 1] = float(hidden_bias)
        self.register_buffer('b', b)

    def forward(self, x):
        return torch.softmax(self.net(x) / self.t + self.b, dim=1)


def augment(x, r, g, looks=False):
    """Random rotation, shift, scale and photometric changes. `looks` adds what a rendered look
    otherwise fixes for all of its crops: a glyph's width and slant (a stretch of up to 12% and a
    shear of up to 0.15), the camera's softness (extra blur, sigma 0.3-0.7 px, on half the crops) and
    the ink's contrast against the ivory (0.8-1.15). At four turns the v4 reader was 95.3% right on
    crops drawn as its training crops were and 89.2% on new ones (compare-readers.ts --per-look 60
    --face-up-share 0.65 --seed-base 100000, against seeds 900000): it learnt the looks, not only the numerals."""
    n = x.shape[0]
    rot = torch.rand(n, generator=g) * 2 * math.pi
    shift = (torch.rand(n, 2, generator=g) - 0.5) * 4.0
    sj = 1.0 + (torch.rand(n, generator=g) - 0.5) * 0.16
    warp = None
    if looks:
        st = 1.0 + (torch.rand(n, generator=g) - 0.5) * 0.24
        sh = (torch.rand(n, generator=g) - 0.5) * 0.3
        warp = torch.zeros(n, 2, 2)
        warp[:, 0, 0] = st
        warp[:, 0, 1] = sh
        warp[:, 1, 1] = 1.0 / st
    out = resample(x, r, rot, shift, sj, warp=warp)
    if looks:
        out = random_blur(out, g, share=0.5, lo=0.3, hi=0.7)
        c = 0.8 + torch.rand(n, 1, 1, 1, generator=g) * 0.35
        m = out.mean(dim=(1, 2, 3), keepdim=True)
        out = m + (out - m) * c
    # photometric: brightness, contrast, per-channel gain, noise
    b = 1.0 + (torch.rand(n, 1, 1, 1, generator=g) - 0.5) * 0.4
    gain = 1.0 + (torch.rand(n, 3, 1, 1, generator=g) - 0.5) * 0.16
    out = out * b * gain
    out = out + torch.randn(out.shape, generator=g) * (torch.rand(n, 1, 1, 1, generator=g) * 0.03)
    return out.clamp(0, 1)


def random_blur(x, g, share, lo, hi):
    """A Gaussian blur of its own sigma (lo..hi px) on `share` of the crops, the rest untouched."""
    n, ch, h, w = x.shape
    sigma = lo + torch.rand(n, generator=g) * (hi - lo)
    on = torch.rand(n, generator=g) < share
    k = torch.arange(-3, 4, dtype=torch.float32)
    ker = torch.exp(-(k[None, :] ** 2) / (2 * sigma[:, None] ** 2))
    ker = ker / ker.sum(1, keepdim=True)
    ker = torch.where(on[:, None], ker, (k == 0).float()[None, :].expand(n, 7))
    kk = ker.repeat_interleave(ch, dim=0)  # one kernel per (crop, channel)
    y = x.reshape(1, n * ch, h, w)
    y = F.conv2d(F.pad(y, (3, 3, 0, 0), mode='replicate'), kk[:, None, None, :], groups=n * ch)
    y = F.conv2d(F.pad(y, (0, 0, 3, 3), mode='replicate'), kk[:, None, :, None], groups=n * ch)
    return y.reshape(n, ch, h, w)


def canonical(x, r, side=None):
    out = []
    for i in range(0, x.shape[0], 1024):
        xb, rb = as_float(x[i:i + 1024]), r[i:i + 1024]
        n = xb.shape[0]
        out.append(resample(xb, rb, torch.zeros(n), torch.zeros(n, 2), torch.ones(n), side))
    return torch.cat(out)


def teacher_log_probs(path, x, r):
    """The teacher reader's log-probabilities on every training crop, cut upright and centred at the
    teacher's own input size (its answer hardly depends on the rotation and shift the student's
    augmented copy gets, and it runs once instead of on every augmented batch of every epoch)."""
    from onnx_teacher import OnnxTeacher
    t = OnnxTeacher(path)
    return torch.cat([t.log_probs(canonical(x[i:i + 1024], r[i:i + 1024], t.side)) for i in range(0, x.shape[0], 1024)])


def distill_loss(logits, teacher_lp, tau):
    """KL(teacher || student) at temperature tau, scaled by tau^2 (Hinton et al.)."""
    return F.kl_div(F.log_softmax(logits / tau, dim=1), F.log_softmax(teacher_lp / tau, dim=1), log_target=True, reduction='batchmean') * tau * tau


def ece(probs, y, bins=15):
    conf, pred = probs.max(1)
    acc = (pred == y).float()
    e = torch.zeros(())
    for i in range(bins):
        m = (conf > i / bins) & (conf <= (i + 1) / bins)
        if m.any():
            e += m.float().mean() * (conf[m].mean() - acc[m].mean()).abs()
    return float(e)


def sha256(path):
    import hashlib
    return hashlib.sha256(open(path, 'rb').read()).hexdigest()


def meta_of(d):
    m = json.load(open(os.path.join(d, 'meta.json')))
    # crops made before session 26 labelled a cue ball readable however much of it was covered
    cover = {'cueCoveredUnreadable': m['cueCoveredUnreadable']} if 'cueCoveredUnreadable' in m else {}
    return {'count': m['count'], 'seedBase': m['seedBase'], 'cropOptions': m.get('cropOptions', {}), **cover}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--train', required=True)
    ap.add_argument('--val', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--epochs', type=int, default=30)
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--seed', type=int, default=71)
    ap.add_argument('--input', type=int, default=40, help='crop side in px (the ball radius stays RADIUS px)')
    ap.add_argument('--arch', default='plain', help='plain (Reader, --widths), strided (Reader with a stride-2 first convolution, --widths) or separable (SeparableReader, --stem, --stages)')
    ap.add_argument('--widths', default=','.join(map(str, DEFAULT_WIDTHS)))
    ap.add_argument('--stem', type=int, default=16)
    ap.add_argument('--stages', default='16,16/32,32/64,64/128')
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--hidden-keep', type=float, default=1.0)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--teacher', default='', help='an ONNX reader whose answers the student also learns from (distillation)')
    ap.add_argument('--distill', type=float, default=0.5, help='weight of the teacher term (with --teacher)')
    ap.add_argument('--distill-t', type=float, default=2.0, help='distillation temperature')
    ap.add_argument('--augment', default='basic', choices=['basic', 'looks'], help='basic: rotation, shift, scale, brightness, gain, noise; looks: also glyph stretch and shear, extra blur, ink contrast (see augment())')
    a = ap.parse_args()
    global INPUT
    INPUT = a.input
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    g = torch.Generator().manual_seed(a.seed)
    xt, yt, rt, _ = load(a.train)
    xv, yv, rv, _ = load(a.val)
    print(f'train {len(yt)} crops, val {len(yv)}', flush=True)
    widths = tuple(int(w) for w in a.widths.split(','))
    stages = parse_stages(a.stages)
    net, architecture = build(a.arch, widths, a.stem, stages)
    params = sum(p.numel() for p in net.parameters())
    macs = count_macs(net)
    print(f'reader: {params} parameters, {macs / 1e6:.2f}M multiply-accumulates per crop', flush=True)
    teacher_lp = None
    if a.teacher:
        t1 = time.time()
        teacher_lp = teacher_log_probs(a.teacher, xt, rt)
        agree = float((teacher_lp.argmax(1) == yt).float().mean())
        print(f'teacher {a.teacher}: its answers on the training crops agree with the labels on {agree:.4f} ({time.time() - t1:.0f} s)', flush=True)
    readable_idx = torch.nonzero(yt != NOT_VISIBLE).flatten()
    hidden_idx = torch.nonzero(yt == NOT_VISIBLE).flatten()
    n_hidden = int(round(a.hidden_keep * len(hidden_idx)))
    per_epoch = len(readable_idx) + n_hidden
    print(f'each epoch: {len(readable_idx)} readable + {n_hidden} of {len(hidden_idx)} not visible', flush=True)
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=1e-4)
    steps = a.epochs * math.ceil(per_epoch / a.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=steps, pct_start=0.15)
    xv_c = canonical(xv, rv)
    t0 = time.time()
    for ep in range(a.epochs):
        net.train()
        chosen = torch.cat([readable_idx, hidden_idx[torch.randperm(len(hidden_idx), generator=g)[:n_hidden]]])
        perm = chosen[torch.randperm(per_epoch, generator=g)]
        tot, correct, loss_sum = 0, 0, 0.0
        for i in range(0, per_epoch, a.batch):
            idx = perm[i:i + a.batch]
            xb = augment(as_float(xt[idx]), rt[idx], g, looks=a.augment == 'looks')
            logits = net(xb)
            loss = F.cross_entropy(logits, yt[idx], label_smoothing=0.02)
            if teacher_lp is not None:
                loss = (1 - a.distill) * loss + a.distill * distill_loss(logits, teacher_lp[idx], a.distill_t)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            loss_sum += float(loss) * len(idx)
            correct += int((logits.argmax(1) == yt[idx]).sum())
            tot += len(idx)
            if (i // a.batch) % 100 == 99:
                print(f'  epoch {ep + 1}: {tot}/{per_epoch} loss {loss_sum / tot:.4f} ({time.time() - t0:.0f} s)', flush=True)
        net.eval()
        with torch.no_grad():
            pv = net(xv_c).argmax(1)
        rv_ = yv != NOT_VISIBLE
        print(f'epoch {ep + 1}/{a.epochs}: loss {loss_sum / tot:.4f} train acc {correct / tot:.4f} val acc {float((pv == yv).float().mean()):.4f} '
              f'(readable {float((pv[rv_] == yv[rv_]).float().mean()):.4f}, not visible {float((pv[~rv_] == NOT_VISIBLE).float().mean()):.4f}) ({time.time() - t0:.0f} s)', flush=True)
    train_s = time.time() - t0
    # temperature scaling on the validation crops
    net.eval()
    with torch.no_grad():
        logits_v = net(xv_c)
    best_t, best_b, best_nll = 1.0, 0.0, 1e9
    onehot = F.one_hot(torch.tensor(CLASSES - 1), CLASSES).float()
    for t in np.linspace(0.5, 3.0, 51):
        for b in np.linspace(-2.0, 2.0, 41):
            nll = float(F.cross_entropy(logits_v / t + float(b) * onehot, yv))
            if nll < best_nll:
                best_t, best_b, best_nll = float(t), float(b), nll
    model = Calibrated(net, best_t, best_b).eval()
    with torch.no_grad():
        pv = model(xv_c)
    print(f'temperature {best_t:.2f}, not-visible bias {best_b:+.2f}: val acc {float((pv.argmax(1) == yv).float().mean()):.4f}, val ECE {ece(pv, yv):.4f}', flush=True)
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
    json.dump({'input': [INPUT, INPUT], 'radius_px': RADIUS, 'ambiguous': list(AMBIGUOUS), 'classes': CLASSES, 'temperature': best_t, 'hidden_bias': best_b, 'parameters': params, 'macs': macs,
               'arch': a.arch, **({'widths': list(widths)} if a.arch in ('plain', 'strided') else {'stem': a.stem, 'stages': [list(w) for w in stages]}), 'architecture': architecture,
               'train_crops': meta_of(a.train), 'val_crops': meta_of(a.val), 'motion_readable_mm': MOTION_READABLE_MM, 'hidden_keep': a.hidden_keep, 'lr': a.lr, 'batch': a.batch,
               'epochs': a.epochs, 'augment': a.augment, 'seed': a.seed, 'threads': a.threads, **({'teacher': {'file': os.path.basename(a.teacher), 'sha256': sha256(a.teacher), 'weight': a.distill, 'temperature': a.distill_t}} if a.teacher else {}), 'train_seconds': round(train_s), 'train': len(yt), 'val': len(yv)}, open(base + '.train.json', 'w'), indent=2)
    print(f'wrote {a.out}', flush=True)


if __name__ == '__main__':
    main()

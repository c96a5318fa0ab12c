"""A direct, per-observation implementation of the betting test (Chugg et al. 2023, online
Newton step), written as plainly as possible, one stream and one pair at a time: the reference
the per-window, count-based monitor is compared with. Independent of ethiclens.monitor's code."""

import math

ONS = 2 / (2 - math.log(3))


def one_sided(pairs, u, v, w):
    """Log-wealth after each pair of a bet on Z = u·a + v·b + w (null: E[Z] ≤ 0)."""
    zmin = min(w, u + w, v + w, u + v + w)
    cap = 0.5 / -zmin
    lam, big_a, log_w, out = 0.0, 1.0, 0.0, []
    for a, b in pairs:
        z = u * a + v * b + w
        log_w += math.log(1 + lam * z)
        g = z / (1 + lam * z)
        big_a += g * g
        lam = min(max(lam + ONS * g / big_a, 0.0), cap)
        out.append(log_w)
    return out


def di_test(pairs, t=0.8):
    """log e-value of 'DI in [t, 1/t]' after each pair: the mean of the two one-sided wealths."""
    low = one_sided(pairs, t, -1.0, 0.0)
    high = one_sided(pairs, -1.0 / t, 1.0, 0.0)
    return [
        max(x, y) + math.log((math.exp(x - max(x, y)) + math.exp(y - max(x, y))) / 2)
        for x, y in zip(low, high, strict=True)
    ]

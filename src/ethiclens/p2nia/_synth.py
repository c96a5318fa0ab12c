"""MST and AIM releases: select-measure-generate with Private-PGM (``mbi``).

Both always measure the marginals that the audit rests on — (A,Y), (A,Ŷ), (Y,Ŷ) and (A,Y,Ŷ),
or (A,Ŷ) when Y is not requested — plus 12 data-independent random 2-way marginals (the
paper's choice), and every measurement is charged to a zero-concentrated DP budget ρ derived
from (ε, δ). Without the forced marginals a tree model links A and Ŷ only indirectly and erases
the parity gap (MEASURED.md: 0.07–0.10 against 0.18).

- MST (McKenna et al. 2021): ρ/3 for all 1-way marginals, ρ/3 for selecting a spanning tree
  with the exponential mechanism (Kruskal over components, the forced cliques pre-joined),
  ρ/3 for the forced, random and tree marginals.
- AIM (McKenna et al. 2022), capped to fit an experiment: workload = forced cliques + every
  2-way marginal; initial round measures every 1-way marginal and the forced cliques (each one
  charged); then adaptive rounds choose a workload clique with the exponential mechanism
  (score: weighted L1 error minus expected noise), measure it, re-fit, and halve the noise when
  the model stops improving. Caps: ``AIM_MAX_ROUNDS`` rounds (the last spends what is left) and
  cliques of at most ``AIM_MAX_CELLS`` cells.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd

from ..errors import EthicLensInputError
from ._protocol import LABEL, PREDICTION

N_RANDOM_PAIRS = 12
AIM_MAX_ROUNDS = 20
AIM_MAX_CELLS = 10_000
ESTIMATION_ITERS = 500
DEFAULT_DELTA = 1e-9


def cdp_rho(epsilon: float, delta: float) -> float:
    """ρ such that ρ-zCDP implies (ε, δ)-DP via ε = ρ + 2·sqrt(ρ·ln(1/δ)) (Bun & Steinke)."""
    log_d = math.log(1 / delta)
    return (math.sqrt(log_d + epsilon) - math.sqrt(log_d)) ** 2


def _mbi():
    import jax

    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_enable_compilation_cache", False)
    import mbi

    return mbi


class _Budget:
    def __init__(self, rho):
        self.total, self.used, self.log = rho, 0.0, []

    def charge(self, rho, what):
        self.used += rho
        self.log.append((what, rho))


def _measure(mbi, data, clique, sigma, rng, budget):
    x = np.asarray(data.project(clique).datavector())
    budget.charge(1 / (2 * sigma**2), f"measure {clique}")
    return mbi.LinearMeasurement(x + rng.normal(0, sigma, x.size), clique, sigma)


def _estimate(mbi, domain, measurements, warm=None):
    from mbi import estimation

    return estimation.MirrorDescent().estimate(domain, measurements, iters=ESTIMATION_ITERS,
                                               warm_start=warm)


def _discretize(rows, columns, discretization):
    out, meta = {}, {}
    for col in columns:
        if col not in rows.columns:
            raise EthicLensInputError("not in the audit data", column=col)
        values = rows[col]
        if values.isna().any():
            raise EthicLensInputError("missing values", column=col, fix="drop or impute them")
        if pd.api.types.is_numeric_dtype(values) and values.nunique() > 20:
            if col not in discretization:
                raise EthicLensInputError(
                    "continuous column without a discretization", column=col,
                    fix="pass bin edges for it (discretization={col: [edges]}, CLI --bins)")
            edges = np.asarray(discretization[col], float)
            codes = np.clip(np.digitize(values, edges[1:-1]), 0, len(edges) - 2)
            labels = [f"[{edges[i]:g}, {edges[i + 1]:g})" for i in range(len(edges) - 1)]
            meta[col] = {"domain": labels, "k": len(labels), "bins": edges.tolist()}
        else:
            labels = sorted(map(str, pd.unique(values)))
            codes = pd.Categorical(values.astype(str), categories=labels).codes
            meta[col] = {"domain": labels, "k": len(labels)}
        out[col] = codes.astype(int)
    return out, meta


def release_synthetic(request, rows, a, y, yhat, domain, columns, discretization, rng):
    mbi = _mbi()
    prot = request.protected
    data = {prot: np.asarray(a, int)}
    meta = {prot: {"domain": domain, "k": len(domain)}}
    if y is not None:
        data[LABEL] = np.asarray(y, int)
        meta[LABEL] = {"domain": [0, 1], "k": 2}
    data[PREDICTION] = np.asarray(yhat, int)
    meta[PREDICTION] = {"domain": [0, 1], "k": 2}
    extra, extra_meta = _discretize(rows, [c for c in columns if c != prot], discretization)
    data.update(extra)
    meta.update(extra_meta)
    attrs = list(data)
    dom = mbi.Domain(attrs, [meta[c]["k"] for c in attrs])
    dataset = mbi.Dataset(data, dom)
    forced = ([(prot, LABEL, PREDICTION), (prot, LABEL), (prot, PREDICTION),
               (LABEL, PREDICTION)] if y is not None else [(prot, PREDICTION)])
    pairs = [p for p in itertools.combinations(attrs, 2) if p not in forced]
    picks = rng.choice(len(pairs), size=min(N_RANDOM_PAIRS, len(pairs)), replace=False)
    random_pairs = [pairs[i] for i in sorted(picks)]
    delta = request.delta if request.delta else DEFAULT_DELTA
    budget = _Budget(cdp_rho(request.epsilon, delta))
    if request.mechanism == "mst":
        model, measured = _mst(mbi, dataset, dom, attrs, forced, random_pairs, budget, rng)
    else:
        model, measured = _aim(mbi, dataset, dom, attrs, forced, random_pairs, budget, rng)
    synth = model.synthetic_data(rows=len(a)).to_dict()
    table = {}
    for c in attrs:
        codes = np.asarray(synth[c], int)
        table[c] = ([meta[c]["domain"][i] for i in codes] if c == prot or c in extra
                    else codes)
    cols = {c: meta[c] for c in attrs}
    cols["_privacy"] = {
        "zcdp_rho": budget.total, "rho_spent": budget.used, "delta": delta,
        "conversion": "ε = ρ + 2·sqrt(ρ·ln(1/δ)) (Bun & Steinke 2016)",
        "measured_marginals": [list(m) for m in measured],
        "forced_marginals": [list(f) for f in forced],
        "random_2way_marginals": [list(p) for p in random_pairs],
        "charges": [[w, r] for w, r in budget.log],
    }
    if budget.used > budget.total * (1 + 1e-9):
        raise AssertionError(f"budget overspent: {budget.used} > {budget.total}")
    return pd.DataFrame(table), cols


def _mst(mbi, data, dom, attrs, forced, random_pairs, budget, rng):
    rho = budget.total
    sigma1 = math.sqrt(len(attrs) / (2 * rho / 3))
    ones = [_measure(mbi, data, (c,), sigma1, rng, budget) for c in attrs]
    # Selection: a spanning tree over components, forced cliques' attributes pre-joined.
    comp = {c: c for c in attrs}

    def find(c):
        while comp[c] != c:
            c = comp[c]
        return c

    for clique in forced:
        for c in clique[1:]:
            comp[find(c)] = find(clique[0])
    estimates = {m.clique[0]: np.clip(np.asarray(m.noisy_measurement), 0, None) for m in ones}
    n = len(next(iter(data.to_dict().values())))
    rounds = len({find(c) for c in attrs}) - 1
    tree = []
    if rounds > 0:
        eps_sel = math.sqrt(8 * (rho / 3) / rounds)
        for _ in range(rounds):
            cands = [(i, j) for i, j in itertools.combinations(attrs, 2) if find(i) != find(j)]
            scores = []
            for i, j in cands:
                pi = estimates[i] / max(estimates[i].sum(), 1)
                pj = estimates[j] / max(estimates[j].sum(), 1)
                actual = np.asarray(data.project((i, j)).datavector())
                scores.append(np.abs(actual - n * np.outer(pi, pj).ravel()).sum())
            scores = np.asarray(scores)
            logits = 0.5 * eps_sel * (scores - scores.max())  # sensitivity 1
            prob = np.exp(logits) / np.exp(logits).sum()
            i, j = cands[rng.choice(len(cands), p=prob)]
            budget.charge(eps_sel**2 / 8, f"select {(i, j)}")
            comp[find(j)] = find(i)
            tree.append((i, j))
    final = list(dict.fromkeys(forced + random_pairs + tree))
    sigma3 = math.sqrt(len(final) / (2 * (budget.total - budget.used)))
    measured = [_measure(mbi, data, cl, sigma3, rng, budget) for cl in final]
    model = _estimate(mbi, dom, ones + measured)
    return model, [m.clique for m in ones + measured]


def _aim(mbi, data, dom, attrs, forced, random_pairs, budget, rng):
    rho = budget.total
    workload = list(dict.fromkeys(forced + list(itertools.combinations(attrs, 2))))
    workload = [w for w in workload if math.prod(dom[c] for c in w) <= AIM_MAX_CELLS]
    rounds = AIM_MAX_ROUNDS
    initial = [(c,) for c in attrs] + forced
    # Initial round: 10% of ρ over every initial clique, each measurement charged.
    sigma0 = math.sqrt(len(initial) / (2 * 0.1 * rho))
    measurements = [_measure(mbi, data, cl, sigma0, rng, budget) for cl in initial]
    model = _estimate(mbi, dom, measurements)
    sigma = math.sqrt(rounds / (2 * 0.9 * rho * 0.5))  # per-round share, annealed below
    eps = math.sqrt(8 * 0.9 * rho * 0.5 / rounds)
    for r in range(rounds):
        remaining = rho - budget.used
        last = r == rounds - 1 or remaining <= 2 * (1 / (2 * sigma**2) + eps**2 / 8)
        if last:  # spend what is left: half on selection, half on the measurement
            eps = math.sqrt(8 * 0.1 * remaining)
            sigma = math.sqrt(1 / (2 * 0.9 * remaining))
        scores = []
        for cl in workload:
            x = np.asarray(data.project(cl).datavector())
            xh = np.asarray(model.project(cl).datavector())
            cells = x.size
            scores.append(np.abs(x - xh).sum() - math.sqrt(2 / math.pi) * sigma * cells)
        scores = np.asarray(scores)
        logits = 0.5 * eps * (scores - scores.max())
        prob = np.exp(logits) / np.exp(logits).sum()
        cl = workload[rng.choice(len(workload), p=prob)]
        budget.charge(eps**2 / 8, f"select {cl}")
        before = np.asarray(model.project(cl).datavector())
        measurements.append(_measure(mbi, data, cl, sigma, rng, budget))
        model = _estimate(mbi, dom, measurements, warm=model)
        after = np.asarray(model.project(cl).datavector())
        if last:
            break
        # AIM's annealing: if the new measurement barely moved the model, measure more finely.
        if np.abs(after - before).sum() <= math.sqrt(2 / math.pi) * sigma * before.size:
            sigma, eps = sigma / 2, eps * 2
    return model, [m.clique for m in measurements]

"""A store's evidence replayed from its own counts, to find a state or a result edited by hand.

Every run adds each window's counts of each comparison (stored in its result) to the evidence
state with ``Evidence.update``. Opening a store repeats that from a fresh state, all
comparisons at once (one update per stored window), and requires the replay to give every
result's log e-values and confidence-sequence bounds and, after the last window, every key of
the saved state (``bet.*``, ``seq.*``) to float tolerance. A window without a comparison's
result counts nothing for it (its group had no rows yet): the update is then exactly none.

A weighted store (``--propensity``/``--weight``) is replayed from the effective counts and
bet caps its results keep (``weighted``; the counts rounded to 6 decimals), to the looser
``_WEIGHTED_TOL``: every result's log e-values and the saved state's numbers, not the results'
sequence bounds nor a sequence's rejected values. Not replayed: a baseline's state
(``base.*``), checked by its last log e-values (``Store._check_evidence``).
"""

from __future__ import annotations

import math

import numpy as np

from .._checks import check_di_threshold, check_fraction
from ..errors import EthicLensInputError
from ._evidence import COUNT_FIELDS, MIN_ALPHA, Evidence, stored_bounds

# a replayed number and a stored one agree to this (relative, absolute) tolerance. A weighted
# store keeps its effective counts rounded to 6 decimals (an error of at most 5e-7 per count):
# its replay agrees to 1e-4 relative, and to 1e-5 absolute per window replayed (a log capital
# adds up every window's error; measured: about 1e-6 after 30 windows)
_TOL = (1e-9, 1e-9)
_WEIGHTED_TOL = (1e-4, 1e-5)


def replay_problem(request: dict, states: dict, results: list) -> str | None:
    """What the evidence replayed from the stored counts disagrees with (a result's log
    e-value or sequence bound, a key of a comparison's saved state), in words; None when all
    agree or the request is one its own checks refuse. ``states``: {(attribute, group):
    {key: array}}; ``results``: (window, attribute, group, body) in window order per
    comparison."""
    policy = _policy(request)
    if policy is None or not results:
        return None
    labels = request.get("y_true") is not None
    weighted = bool(request.get("propensity") or request.get("weight"))
    fields = [f for f in COUNT_FIELDS if labels or f in ("n", "sel")]
    pairs = sorted({(a, g) for _, a, g, _ in results})
    index = {pair: k for k, pair in enumerate(pairs)}
    windows = sorted({w for w, *_ in results})
    at = {w: i for i, w in enumerate(windows)}
    counts = np.zeros((2, len(windows), len(pairs), len(fields)))
    caps = np.ones((len(windows), len(pairs)))
    bodies: list[dict] = [{} for _ in windows]
    for w, a, g, body in results:
        i, k = at[w], index[(a, g)]
        held = body.get("weighted") if weighted else None
        for side, name in enumerate(("reference", "group")):
            side_counts = (held or body["counts"])[name]
            counts[side, i, k] = [side_counts.get(f, 0) for f in fields]
        caps[i, k] = held["bet_cap"] if held else 1.0
        bodies[i][k] = body
    ev = Evidence(labels=labels, shape=(len(pairs),), **policy)
    tol = (_WEIGHTED_TOL[0], _WEIGHTED_TOL[1] * len(windows)) if weighted else _TOL
    for i, w in enumerate(windows):
        sides = ({f: counts[s, i, :, j] for j, f in enumerate(fields)} for s in (0, 1))
        ev.update(*sides, caps[i] if weighted else None)
        problem = _window_problem(ev, w, pairs, bodies[i], tol, bounds=not weighted)
        if problem:
            return problem
    return _state_problem(ev.arrays(), pairs, states, tol)


def _policy(request: dict) -> dict | None:
    """The evidence's policy from the stored request; None where the store is not replayed."""
    policy = {k: request.get(k) for k in ("alpha", "di_threshold", "eo_threshold")}
    try:
        check_fraction(policy["alpha"], "--alpha")
        check_fraction(policy["eo_threshold"], "--eo-threshold")
        check_di_threshold(policy["di_threshold"], "--di-threshold")
    except EthicLensInputError:
        return None  # the request's own check refuses it (check_stored_numbers)
    return policy if policy["alpha"] >= MIN_ALPHA else None


def _window_problem(ev, w: int, pairs: list, bodies: dict, tol: tuple, bounds: bool):
    """The first stored test value or (``bounds``) sequence bound of window ``w`` the replay
    does not give."""
    if not bodies:
        return None
    log_e = {test: ev.log_evalue(test) for test in ev.nulls}
    seqs = {name: ev.sequence(name) for name in ev.seqs} if bounds else {}
    for k, body in sorted(bodies.items()):
        where = f"the comparison {_pair(pairs[k])}: its result of window {w}"
        for test, values in log_e.items():
            held = body["tests"].get(test, {}).get("log_e_value")
            if held is None or not _close(held, float(values[k]), tol):
                return (
                    f"{where} holds the {test} log e-value {_shown(held)}, but its counts give "
                    f"{float(values[k]):.6g}"
                )
        for name, (lo, hi) in seqs.items():
            due = stored_bounds(name, float(lo[k]), float(hi[k]))
            held = body["sequences"].get(name, {})
            for end in ("low", "high"):
                if not _same_bound(held.get(end), due[end], tol):
                    return (
                        f"{where} holds the {name} sequence's {end} bound "
                        f"{_shown(held.get(end))}, but its counts give {_shown(due[end])}"
                    )
    return None


def _state_problem(replayed: dict, pairs: list, states: dict, tol: tuple) -> str | None:
    """The first key of a comparison's saved state that its replayed counts do not give."""
    for k, pair in enumerate(pairs):
        saved = states.get(pair, {})
        for key, value in sorted(replayed.items()):
            if key not in saved:
                continue  # (a missing key is refused by _check_state_keys)
            due, held = value[k], saved[key]
            if held.shape != due.shape or not _all_close(held, due, tol):
                return (
                    f"the evidence state of {_pair(pair)} holds a {key!r} its stored counts "
                    "do not give (replayed from its first window)"
                )
    return None


def _all_close(held: np.ndarray, due: np.ndarray, tol: tuple) -> bool:
    if due.dtype.kind == "b":  # a sequence's rejected values: exactly (unweighted only)
        return tol != _TOL or bool(np.array_equal(held, due))
    return bool(np.allclose(held, due, rtol=tol[0], atol=tol[1], equal_nan=False))


def _close(held, due: float, tol: tuple) -> bool:
    return type(held) in (int, float) and math.isclose(held, due, rel_tol=tol[0], abs_tol=tol[1])


def _same_bound(held, due, tol: tuple) -> bool:
    if held is None or due is None:
        return held is None and due is None
    return _close(held, due, tol)


def _pair(pair: tuple) -> str:
    return f"{pair[0]}={_short(pair[1])}"


def _short(group: str, limit: int = 40) -> str:
    """A group label as a refusal names it (a label may run to 256 characters)."""
    return repr(group if len(group) <= limit else group[: limit - 1] + "…")


def _shown(value) -> str:
    return "none" if value is None else f"{value:.6g}" if type(value) in (int, float) else "?"

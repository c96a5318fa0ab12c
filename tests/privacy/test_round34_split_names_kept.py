"""Round 34: many calls in one notebook. pcer_audit wrote ``name='train'`` and ``name='test'``
into the caller's SplitPredictions, so a split was no longer equal to the same split built
again (``==`` compares ``name``), and one given as test in one call read ``test`` when given as
train in the next. The caller's splits are left as they were; every call names each split by
the argument it is given as."""

from __future__ import annotations

import copy
import dataclasses

import numpy as np

from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit

N = 120
G = np.array(["a", "b"])[np.arange(N) % 2]


def _splits():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, (2, N))
    pred = np.where(rng.random((2, N)) < [[0.95], [0.8]], y, 1 - y)
    return [SplitPredictions(y[i], pred[i], G, loss=rng.random(N)) for i in range(2)]


def _same(one, other) -> bool:
    return all(
        np.array_equal(getattr(one, f.name), getattr(other, f.name))
        if isinstance(getattr(one, f.name), np.ndarray)
        else getattr(one, f.name) == getattr(other, f.name)
        for f in dataclasses.fields(one)
        if f.compare
    )


def test_the_callers_splits_are_left_as_they_were():
    a, b = _splits()
    before = copy.deepcopy((a, b))
    first = pcer_audit(a, b, n_boot=200).to_dict()
    membership_inference(a, b)
    assert (a.name, b.name) == (None, None)
    assert _same(a, before[0]) and _same(b, before[1])
    assert pcer_audit(a, b, n_boot=200).to_dict() == first  # the same call, the same numbers
    swapped = pcer_audit(b, a, n_boot=200).to_dict()  # each named by its argument again
    assert (a.name, b.name) == (None, None) and swapped != first

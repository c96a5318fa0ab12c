"""Round 38 review: PCER's id matching (``privacy._inputs._by_ids``) held text ids in a pandas 3
``str`` index, whose ``isin`` makes one pyarrow scalar of every train id: 1,000,000 ids took
7.4 s against 1.8 s now that text keys stay object. The matches are the same, odd ids included
(text apart only by a space, an accent's form or a NUL; 'nan' and 'None' as text; a missing id)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from ethiclens.privacy import SplitPredictions
from ethiclens.privacy._inputs import _by_ids


def _split(ids, y):
    y = np.asarray(y)
    return SplitPredictions(y, y.copy(), np.array(["g"] * len(y)), ids=np.array(ids, dtype=object))


def test_text_ids_make_no_scalar_per_id(monkeypatch):
    made = []
    scalar = pa.scalar
    monkeypatch.setattr(pa, "scalar", lambda *a, **k: made.append(1) or scalar(*a, **k))
    ids = [f"id{i}" for i in range(3000)]
    y = np.arange(3000) % 2
    hit = _by_ids(_split(ids[:2000], y[:2000]), _split(ids[1000:], y[1000:]))
    assert len(made) < 100  # a str index's isin made 2,000 (one per train id)
    assert hit is not None and hit.tolist() == [True] * 1000 + [False] * 1000


def test_odd_text_ids_match_only_their_own_text():
    train = ["a", "a ", "é", "a\x00", "nan", "None", "", None, "x", "x"]
    test = ["a", "a", "e\u0301", "a\x00", "nan", "None", " ", None, "x", "b"]
    # the second "a" is a train id with another label; "x" names two train rows: neither
    hit = _by_ids(_split(train, [1] * 10), _split(test, [1, 0] + [1] * 8))
    assert hit.tolist() == [True, False, False, True, True, True, False, True, False, False]

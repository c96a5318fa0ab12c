"""``blackbox_audit`` read a model's text answers '1'/'0' as the numbers 1/0 (and estimated
the gaps from them), where ``audit`` and a release refuse text 0/1 as a string column: now
refused in those words, the numbers 0/1 (and booleans) still taken."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit

DOMAINS = {"a": [0, 1], "x": [0, 1, 2]}


def _run(answer):
    return blackbox_audit(answer, DOMAINS, "a", 40, random_state=0)


@pytest.mark.parametrize(
    "answer, shown",
    [
        (lambda q: (q.x.to_numpy() % 2).astype(str), "['0', '1']"),
        (lambda q: ["1" if v else "0" for v in q.x % 2], "['0', '1']"),
        (lambda q: np.array(["1" if v else 0 for v in q.x % 2], dtype=object), "['1']"),
    ],
)
def test_text_answers_are_refused_as_audit_refuses_them(answer, shown):
    with pytest.raises(EthicLensInputError) as info:
        _run(answer)
    text = str(info.value)
    assert text.startswith("argument 'predict': must return one 0/1 prediction per query"), text
    assert f"the text values {shown}, not the numbers 0/1" in text and ".astype(int)" in text


def test_one_beside_text_one_prints_the_same():
    with pytest.raises(EthicLensInputError, match="print the same"):
        _run(lambda q: np.array([1 if v else "1" for v in q.x % 2], dtype=object))


def test_numbers_and_booleans_are_still_read():
    ints = _run(lambda q: q.x.to_numpy() % 2)
    assert ints == _run(lambda q: (q.x.to_numpy() % 2).astype(bool))
    assert set(ints) == {"dp", "eopp", "eo"}

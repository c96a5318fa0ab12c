"""Round 49 (review of the Python API): a keyword a call does not take was refused in two
wordings. The array calls and entry points said Python's "audit() got an unexpected keyword
argument 'n_bot'; did you mean 'n_boot'?", while a target's call (``ethiclens.audit('compas',
confidence=0.9)``, ``compare``, ``run``, ``AuditSpec.of``) and ``MonitorRequest`` said
"argument 'confidence': unknown keyword argument. Fix: did you mean ...". One wording now,
naming the function the caller called; the class (an EthicLensInputError and a TypeError) and
the column/kind/fix fields stay."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.monitor import MonitorRequest

ROWS = ([0, 1, 1, 0], [0, 1, 0, 1], ["a", "a", "b", "b"])
MONITOR = ("d.csv", "t", "1d", "p", ("g",))

CASES = [
    ("audit", lambda **kw: ethiclens.audit("compas", **kw)),
    ("compare", lambda **kw: ethiclens.compare("compas", **kw)),
    ("threshold_table", lambda **kw: ethiclens.threshold_table("compas", **kw)),
    ("audit_counts", lambda **kw: ethiclens.audit_counts("c.csv", **kw)),
    ("run", lambda **kw: ethiclens.run("compas", **kw)),
    ("AuditSpec.of", lambda **kw: ethiclens.AuditSpec.of("compas", **kw)),
    ("MonitorRequest", lambda **kw: MonitorRequest(*MONITOR, **kw)),
]


def _refusal(call, **kw):
    with pytest.raises(TypeError) as caught:  # an UnknownKeywordError, a TypeError too
        call(**kw)
    assert isinstance(caught.value, ethiclens.EthicLensInputError)
    return caught.value


@pytest.mark.parametrize(("function", "call"), CASES, ids=[c[0] for c in CASES])
def test_every_call_says_an_unknown_keyword_in_the_array_calls_words(function, call):
    exc = _refusal(call, y_tru="y")
    said = f"{function}() got an unexpected keyword argument 'y_tru'; did you mean 'y_true'?"
    assert str(exc) == said
    assert (exc.column, exc.kind, exc.fix) == ("y_tru", "argument", "did you mean 'y_true'?")
    # a role's other name points to the role, as before
    assert str(_refusal(call, label="y")).endswith("'label'; did you mean 'y_true'?")
    # no near miss: the keywords it takes, as the array calls list them
    far = str(_refusal(call, qqqzzz=1))
    assert far.startswith(f"{function}() got an unexpected keyword argument 'qqqzzz'. Fix: ")
    assert "use one of " in far and "y_true" in far


def test_the_array_calls_words_are_the_reference():
    exc = _refusal(lambda **kw: ethiclens.audit(*ROWS, **kw), y_tru=1)
    assert str(exc).startswith("audit() got an unexpected keyword argument 'y_tru'")
    assert str(_refusal(lambda **kw: ethiclens.audit("compas", **kw), y_tru=1)) == str(exc)

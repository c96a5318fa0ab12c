"""Round 49 (review of the Python API, Python's bare TypeError for a misspelt keyword): the
input classes and entry points a user builds or calls from each subpackage (p2nia.AuditRequest,
AuditedModel, read_request, write_release, ...) said only "AuditRequest.__init__() got an
unexpected keyword argument 'protectd'" (no near miss, no EthicLensInputError), where audit(),
Policy and AuditSpec refuse a keyword they do not take with one UnknownKeywordError, still a
TypeError, naming the keyword meant."""

from __future__ import annotations

import inspect

import pytest

from ethiclens import p2nia
from ethiclens.errors import EthicLensInputError

# (what is called, its positional arguments, the misspelt keyword, the keyword meant)
CASES = [
    (p2nia.AuditRequest, (), "protectd", "protected"),
    (p2nia.AuditedModel, (), "labl", "label"),
    (p2nia.read_request, (), "pth", "path"),
    (p2nia.write_request, (None,), "outt", "out"),
    (p2nia.write_release, (None, None), "replac", "replace"),
    (p2nia.read_release, (), "release", "release_dir"),
    (p2nia.blackbox_audit, (None,), "domain", "domains"),
    (p2nia.register_mechanism, (None,), "replce", "replace"),
    (p2nia.get_mechanism, (), "nam", "name"),
    (p2nia.register_model, (None,), "replce", "replace"),
    (p2nia.get_model, (), "were", "where"),
]


@pytest.mark.parametrize(
    ("called", "args", "typed", "meant"),
    CASES,
    ids=[f"{c[0].__module__.split('.')[1]}.{c[0].__name__}-{c[2]}" for c in CASES],
)
def test_an_input_refuses_a_misspelt_keyword_with_its_near_miss(called, args, typed, meant):
    with pytest.raises(TypeError) as caught:
        called(*args, **{typed: 1})
    assert isinstance(caught.value, EthicLensInputError)
    said = f"{called.__name__}() got an unexpected keyword argument {typed!r}"
    assert str(caught.value) == f"{said}; did you mean {meant!r}?"
    # the signature a reader (help(), docs/api.md) sees is the one it had
    assert meant in inspect.signature(called).parameters

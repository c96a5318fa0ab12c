"""A comma-separated option given by a Python caller as no text (None, a set, bytes, a number)
is refused naming the option, never an AttributeError ('set' object has no attribute 'split')
or TypeError from the splitting; p2nia.request_from_options takes a list or tuple of groups or
metrics as its items, as make_request does."""

import warnings

import pytest

from ethiclens import p2nia
from ethiclens._checks import split_epsilons, split_names, split_numbers
from ethiclens.errors import EthicLensInputError


def _request(**given):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no --groups: the disclosure warning
        return p2nia.request_from_options(100, "g", "1", **given)


NOT_TEXT = {
    "groups set": (lambda: _request(groups={1, 2}), "--groups", "not set"),
    "groups bytes": (lambda: _request(groups=b"A,B"), "--groups", "not bytes"),
    "groups number": (lambda: _request(groups=3), "--groups", "not int"),
    "metrics None": (lambda: _request(metrics=None), "--metrics", "not None"),
    "metrics number": (lambda: _request(metrics=3), "--metrics", "not int"),
    "split_numbers None": (lambda: split_numbers(None, "--sizes"), "--sizes", "not None"),
    "split_names set": (lambda: split_names({"a"}, "--group-order", {"a"}), "--group-order", "set"),
    "split_epsilons dict": (lambda: split_epsilons({"a": 1}, "--epsilons"), "--epsilons", "dict"),
}


@pytest.mark.parametrize("call, flag, words", NOT_TEXT.values(), ids=NOT_TEXT.keys())
def test_no_text_is_refused_naming_the_option(call, flag, words):
    with pytest.raises(EthicLensInputError) as err:
        call()
    assert f"'{flag}'" in str(err.value) and words in str(err.value)


def test_request_from_options_takes_lists_as_make_request_does():
    req = _request(groups=("A", "B"), metrics=["dp", "eo"])
    assert req.protected_domain == ["A", "B"] and req.metrics == ["dp", "eo"]
    assert req.to_dict() == _request(groups="A,B", metrics="dp,eo").to_dict()

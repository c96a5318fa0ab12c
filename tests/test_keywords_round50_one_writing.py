"""Round 50: an unknown keyword has one writing (``_keywords.unknown_keyword``): the refusal
``refuse_unknown`` raises is that error (its keyword named, as the faces read it), in the same
words; a decorated function works out what it takes once, when it is decorated."""

from __future__ import annotations

import pytest

from ethiclens import _keywords


def test_refuse_unknown_raises_unknown_keywords_error_in_the_same_words():
    for options, allowed in (({"n_bot": 1}, ["n_boot", "seed"]), ({"zzz": 1}, ["alpha"])):
        made = _keywords.unknown_keyword("audit", next(iter(options)), allowed)
        with pytest.raises(_keywords.UnknownKeywordError) as info:
            _keywords.refuse_unknown("audit", options, allowed)
        assert str(info.value) == str(made)
        assert (info.value.column, info.value.kind, info.value.fix) == (
            made.column,
            made.kind,
            made.fix,
        )


def test_a_decorated_function_reads_the_roles_names_once(monkeypatch):
    @_keywords.refusing_unknown_keywords
    def scored(y_pred, *, y_true=None, pos_label=1):
        return y_pred

    monkeypatch.setattr(_keywords, "ROLE_NAMES", {})  # read at decoration, not on each call
    with pytest.raises(_keywords.UnknownKeywordError, match="did you mean 'y_true'"):
        scored([1], label=[1])
    assert scored([1], y_true=[1]) == [1]


def test_a_dataset_loaders_option_is_refused_by_the_same_writing():
    from ethiclens import datasets

    with pytest.raises(_keywords.UnknownKeywordError) as info:
        datasets.load("adult", n_bot=1)
    assert str(info.value) == str(
        _keywords.unknown_keyword("load_adult", "n_bot", ["include_test", "features"])
    )

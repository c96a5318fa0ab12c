"""Python-API battery, class: the table or result a function works on given as something
else (None, a dict, a number) is refused naming the argument, never the AttributeError of
the first attribute read from it ('NoneType' object has no attribute 'columns')."""

import pytest

from ethiclens.errors import EthicLensInputError


def _call(name, bad):
    from ethiclens import probes, report, sources

    roles = sources.Roles(y_pred="p", protected=["g"])
    calls = {
        "counts_of": lambda: sources.counts_of(bad, roles),
        "hand_over": lambda: sources.hand_over(bad, "never-written.csv"),
        "write_counts": lambda: sources.write_counts(bad, "never-written.csv"),
        "suppress_small_cells": lambda: sources.suppress_small_cells(bad, 5),
        "analyze_counterfactuals": lambda: probes.analyze_counterfactuals(bad, "p"),
        "render_model_card": lambda: report.render_model_card(bad),
        "render_model_card_html": lambda: report.render_model_card_html(bad),
    }
    return calls[name]


ARGUMENT = {
    "counts_of": "frame",
    "hand_over": "table",
    "write_counts": "table",
    "suppress_small_cells": "table",
    "analyze_counterfactuals": "frame",
    "render_model_card": "result",
    "render_model_card_html": "result",
}


@pytest.mark.parametrize("bad", [None, {"a": 1}], ids=["None", "dict"])
@pytest.mark.parametrize("name", sorted(ARGUMENT))
def test_wrong_object_is_refused_by_argument(name, bad, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as info:
        _call(name, bad)()
    assert info.value.column == ARGUMENT[name]
    assert f"argument '{ARGUMENT[name]}'" in str(info.value)
    assert ("not None" if bad is None else "dict") in str(info.value)
    assert not list(tmp_path.iterdir())  # nothing written

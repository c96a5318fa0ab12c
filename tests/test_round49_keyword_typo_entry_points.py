"""A misspelt keyword of a fixed-signature entry point a notebook user reaches (a result's
to_html/gate/to_json, AuditSpec.from_file/save, p2nia.estimate, run_monitor, the probes' runs)
is one UnknownKeywordError (the project's input error, still a TypeError) with the closest
keyword, as audit(n_bot=...) is: each raised Python's bare "got an unexpected keyword
argument" with no hint. The check comes first, so the other arguments here are placeholders."""

import pytest

from ethiclens import AuditSpec, monitor, p2nia, probes
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import AuditResult, ModelComparison, ThresholdTable

CALLS = [
    (AuditResult.to_html, (None, "r.html"), {"titel": "x"}, "title"),
    (AuditResult.gate, (None,), {"failon": "flagged"}, "fail_on"),
    (AuditResult.to_json, (None,), {"indnet": 1}, "indent"),
    (ModelComparison.to_html, (None, "c.html"), {"titel": "x"}, "title"),
    (ThresholdTable.to_json, (None,), {"indnet": 1}, "indent"),
    (AuditSpec.from_file, ("a.yaml",), {"argumnet": "x"}, "argument"),
    (AuditSpec.from_dict, ({},), {"sourse": "x"}, "source"),
    (p2nia.estimate, (None,), {"n_bot": 100}, "n_boot"),
    (monitor.run_monitor, (None, "s.sqlite"), {"failon": "flagged"}, "fail_on"),
    (probes.probe_model, ("m:f", "d.csv", "race"), {"seeds": 1}, "seed"),
    (probes.analyze_scored, ("d.csv", "pred"), {"n_boots": 100}, "n_boot"),
]


@pytest.mark.parametrize(("function", "args", "kwargs", "meant"), CALLS)
def test_misspelt_keyword_named_with_the_closest(function, args, kwargs, meant):
    with pytest.raises(EthicLensInputError) as info:
        function(*args, **kwargs)
    assert isinstance(info.value, TypeError)
    said = str(info.value)
    assert f"unexpected keyword argument {next(iter(kwargs))!r}" in said
    assert f"did you mean {meant!r}?" in said


def test_a_method_taking_no_keywords_says_so():
    with pytest.raises(EthicLensInputError, match=r"takes no keyword arguments \(got 'x'\)"):
        AuditResult.to_dict(None, x=1)


def test_signatures_and_good_keywords_unchanged(tmp_path):
    import inspect

    assert list(inspect.signature(AuditResult.to_html).parameters) == ["self", "path", "title"]
    spec = AuditSpec.from_dict({"target": {"file": "d.csv"}}, source="spec")
    assert AuditSpec.from_file(spec.save(tmp_path / "a.yaml"), argument="path") == spec

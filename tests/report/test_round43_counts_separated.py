"""Counts in the report's sentences are written as its tables write them (1,000, not 1000): a
report of 1,000 comparisons read "Of 1000 comparisons, 1000 could not be judged" beside tables
that print 1,000."""

from types import SimpleNamespace

from ethiclens.report import verdict_sentence


def _result(statuses):
    return SimpleNamespace(comparisons=[SimpleNamespace(status=s) for s in statuses])


def test_verdict_sentence_separates_thousands():
    sentence = verdict_sentence(_result(["INSUFFICIENT_DATA"] * 1000 + ["FLAGGED"] * 1200))
    assert sentence.startswith("Of 2,200 comparisons, 1,200 show a disparity")
    assert "; 1,000 could not be judged" in sentence
    assert verdict_sentence(_result(["PASS"])).startswith("Of 1 comparison, 1 passes")

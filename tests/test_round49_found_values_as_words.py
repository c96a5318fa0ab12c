"""The audit's refusal of a label or prediction column not 0/1 printed its values as a Python
list ("is not binary 0/1: found values ['no', 'yes']", "(the first 3: ['0.1', ...])", a count's
"1 row(s) hold ['2']"), which the web read back with ast.literal_eval. The values are now words
(_checks.names_words: "found values no, yes"; ' no' keeps its quotes) and travel as the
refusal's ``found`` (kept through another face's words and the web's stored record), which
the web's Positive label value advice reads (round 49)."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError, in_cli_words
from ethiclens.fairness import as_binary
from ethiclens.web import _jobs, _roles


@pytest.mark.parametrize(
    ("values", "said", "found"),
    [
        (["yes", "no", "yes"], "is not binary 0/1: found values no, yes", ("no", "yes")),
        ([" yes", " no"], "is not binary 0/1: found values ' no', ' yes'", (" no", " yes")),
        ([0, 1, 2], "is not binary 0/1: found values 0, 1, 2", ("0", "1", "2")),
        ([0.1, 0.2, 0.7], "distinct numbers in [0, 1] (the first 3: 0.1, 0.2, 0.7)", None),
    ],
)
def test_the_values_are_words_and_travel_as_found(values, said, found):
    with pytest.raises(EthicLensInputError) as refused:
        as_binary(pd.Series(values, name="y"), "y_true")
    exc = refused.value
    assert said in exc.problem and "['" not in exc.problem, str(exc)
    assert exc.found == (found or tuple(sorted(map(str, values))))
    assert in_cli_words(exc).found == exc.found  # the command line's and the web's words
    assert exc.renamed({"y_true": "label"}).found == exc.found
    record = _jobs._refusal_record(exc, None, {}, None)
    assert record["found"] == list(exc.found)


def test_the_web_reads_the_found_values_not_the_words():
    with pytest.raises(EthicLensInputError) as refused:
        as_binary(pd.Series([" yes", " no"], name="p"), "y_pred")
    record = {**_jobs._refusal_record(refused.value, None, {}, None), "column": "p (y_pred)"}
    assert record["problem"] == "is not binary 0/1: found values ' no', ' yes'"
    prof = {"columns": [{"name": "p", "values": [" no", " yes"]}]}
    spec = {"roles": {"y_pred": ["p"]}}
    said = _roles.in_form_words(record, prof, spec)
    assert said["column"] == "roles.pos_label"
    assert said["fix"].startswith("strip the whitespace around the labels of 'p'"), said


def test_a_stored_record_is_read_by_its_found_values():
    record = {
        "problem": "is not binary 0/1: found values ' no', ' yes'",
        "found": [" no", " yes"],
        "column": "p (y_pred)",
        "fix": "declare the positive label: --pos-label ' yes'",
    }
    prof = {"columns": [{"name": "p", "values": [" no", " yes"]}]}
    said = _roles.in_form_words(record, prof, {"roles": {"y_pred": ["p"]}})
    assert said["fix"].startswith("strip the whitespace around the labels of 'p'"), said

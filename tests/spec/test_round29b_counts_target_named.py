"""Round 29b: ``ethiclens.audit_counts("c.csv")`` refuses a bad table naming the argument the
caller gave (``table``), not the config file's key ``target.counts``; the other functions keep
naming theirs ``spec``, the counts keyword and a config file keep their own names."""

import pytest

import ethiclens
from ethiclens import EthicLensInputError


def test_a_missing_counts_table_names_the_argument(tmp_path):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit_counts(str(tmp_path / "nope.csv"))
    assert str(err.value).startswith("argument 'table': file ")
    assert "target.counts" not in str(err.value)


def test_the_siblings_and_the_counts_keyword_keep_their_names(tmp_path):
    with pytest.raises(EthicLensInputError, match="^argument 'counts': file "):
        ethiclens.audit_counts("c.csv", counts=str(tmp_path / "nope.csv"))
    for call in (ethiclens.audit, ethiclens.compare, ethiclens.threshold_table):
        with pytest.raises(EthicLensInputError, match="^argument 'spec': unknown dataset"):
            call("nosuch")
    spec = {"version": 1, "target": {"counts": str(tmp_path / "nope.csv")}}
    with pytest.raises(EthicLensInputError, match="^key 'target.counts': file "):
        ethiclens.audit_counts(spec)

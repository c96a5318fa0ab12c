"""Round 43 (cfg2): a threshold view's keyword given to an audit of a benchmark (no y_pred of
the user's) is refused naming that keyword and the view's call, not a missing y_pred."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

VIEW = "it belongs to the threshold view (ethiclens thresholds)"


@pytest.mark.parametrize("keyword", [{"step": 0.1}, {"threshold": 0.6}])
def test_audit_of_a_benchmark_names_the_view_keyword(keyword):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit("compas", **keyword)
    assert (err.value.kind, err.value.column) == ("argument", next(iter(keyword)))
    assert VIEW in err.value.problem
    assert "ethiclens.threshold_table(spec)" in err.value.fix


def test_audit_of_a_spec_and_a_config_name_the_view_key(tmp_path, capsys):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(AuditSpec.of("compas", step=0.1))
    assert (err.value.kind, err.value.column) == ("key", "thresholds.step")
    config = tmp_path / "t.yaml"
    config.write_text("target: {dataset: compas}\nthresholds: {step: 0.1}\n")
    assert main(["audit", "--config", str(config)]) == 2
    assert capsys.readouterr().err.startswith(
        f"error: key 'thresholds.step': is not used by an audit: {VIEW} (value: 0.1)"
    )
